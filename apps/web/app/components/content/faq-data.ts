export interface FaqItem {
  question: string;
  answer: string[];
}

export interface FaqGroup {
  id: string;
  title: string;
  description: string;
  items: FaqItem[];
}

/**
 * The FAQ's five groups (brief, section 2). Checkout needs an account, so the answers never offer
 * guest checkout: guests browse and keep a cart, and sign in to order.
 */
export const faqGroups: FaqGroup[] = [
  {
    id: 'sizing',
    title: 'Sizing & Fit',
    description:
      'Finding your size, reading our size charts and what to do when you are between sizes.',
    items: [
      {
        question: 'How do I find my bra size?',
        answer: [
          'Measure snugly around your ribcage just under the bust for your band, then loosely around the fullest part of your bust. Each inch of difference between the two is one cup size: 1 inch is an A, 2 inches a B, 3 inches a C and so on.',
          'Our journal article "How to Measure Your Bra Size at Home" walks you through it step by step, and every product page has its own size chart.',
        ],
      },
      {
        question: 'What sizes do you carry?',
        answer: [
          'Bras come in band-and-cup sizes from 32B to 40D, depending on the style. Panties, sleepwear and apparel come in letter sizes from XS to XXL, and beauty products are free size. The sizes available for each colour are shown on the product page.',
        ],
      },
      {
        question: 'I am between two sizes. Which should I choose?',
        answer: [
          'For bras, choose the size whose band feels firm on the loosest hook; you can tighten it as the elastic relaxes. If the band fits but the cup does not, try a sister size: a 34C holds the same cup volume as a 32D or a 36B.',
          'For panties and sleepwear, go up a size if you prefer a relaxed fit or if you are between sizes at the hip.',
        ],
      },
      {
        question: 'Can someone help me with fitting?',
        answer: [
          'Yes. Our fit specialists are available Monday to Saturday, 10 AM to 7 PM. Call us, or email care@lacebloom.in with your measurements or a photo of the label of a bra that fits you well, and we will suggest the right size before you order.',
        ],
      },
    ],
  },
  {
    id: 'products',
    title: 'Products & Care',
    description: 'Fabrics, quality and how to keep your lingerie looking new for longer.',
    items: [
      {
        question: 'What fabrics do you use?',
        answer: [
          'Mostly breathable cotton, modal and micro-fibre, with soft nylon-spandex lace for our lace styles. Linings and gussets are cotton wherever they touch the skin. The exact fabric of each product is listed under its details.',
        ],
      },
      {
        question: 'How should I wash my bras and lace pieces?',
        answer: [
          'Hand wash in cool water with a mild detergent and dry flat in the shade. If you use a machine, fasten the hooks, put the bra in a mesh laundry bag and use the delicate cycle. Never tumble dry or wring lace, and avoid bleach and fabric softener.',
        ],
      },
      {
        question: 'Are the product colours accurate?',
        answer: [
          'We photograph every colour in daylight and check it against the fabric, but screens differ, so the shade you receive may look slightly different. If a colour is very different from its photos, we will exchange it.',
        ],
      },
      {
        question: 'Will a product that is out of stock come back?',
        answer: [
          'Our core styles are restocked regularly. Add the product to your wishlist and check back, or write to us and we will tell you when your size is expected.',
        ],
      },
    ],
  },
  {
    id: 'orders',
    title: 'Orders & Shipping',
    description: 'Placing an order, paying, delivery times and tracking your parcel.',
    items: [
      {
        question: 'Do I need an account to place an order?',
        answer: [
          'Yes. You can browse the shop and keep items in your cart without signing in, but you need to sign in or create an account to check out. It takes less than a minute, and your cart comes with you when you sign in.',
          'With an account you can also track orders, save addresses, keep a wishlist and use discount codes.',
        ],
      },
      {
        question: 'Which payment methods do you accept?',
        answer: [
          'We accept credit and debit cards, UPI and net banking through Razorpay, our secure payment partner. We do not offer cash on delivery. Lacebloom never sees or stores your card details.',
        ],
      },
      {
        question: 'How much is shipping and how long will it take?',
        answer: [
          'Shipping is free on every order in India. Orders are handed to our courier within 8-14 days. After that, standard delivery takes 5-7 business days, and express delivery takes 2-3 business days in select cities.',
        ],
      },
      {
        question: 'How can I track my order?',
        answer: [
          'We email you the tracking number as soon as your order ships. You can also follow every order from My Orders in your profile.',
        ],
      },
      {
        question: 'Can I change or cancel my order?',
        answer: [
          'You can modify an order within 2 hours of placing it by calling or emailing us. Orders that have not shipped yet can be cancelled from My Orders in your profile, and the amount is refunded to your original payment method.',
        ],
      },
      {
        question: 'Is the packaging discreet?',
        answer: [
          'Always. Orders are sent in a plain, sealed box with no mention of what is inside.',
        ],
      },
    ],
  },
  {
    id: 'returns',
    title: 'Exchanges & Refunds',
    description: 'Our 3-day exchange window, what can be exchanged and how refunds work.',
    items: [
      {
        question: 'What is your exchange policy?',
        answer: [
          'You can request an exchange within 3 days from the date of delivery for unworn, unwashed items in their original packaging with tags attached. For hygiene reasons, panties, shapewear and opened beauty products can only be exchanged if they arrived damaged or wrong.',
        ],
      },
      {
        question: 'How do I request an exchange?',
        answer: [
          'Open the order in My Orders in your profile and submit a return request with the size or colour you would like, or email us with your order number. We arrange a pickup, and once the item passes our quality check, the replacement ships within 2-3 business days. The whole exchange usually takes 7-10 business days.',
        ],
      },
      {
        question: 'When do I get a refund?',
        answer: [
          'Delivered items are exchanged rather than refunded. We refund an order that is cancelled before shipping, or an exchange we cannot fulfil because the size is out of stock. Refunds go back to your original payment method and usually reach your account within 5-7 business days.',
        ],
      },
      {
        question: 'My item arrived damaged or wrong. What should I do?',
        answer: [
          'We are sorry! Email care@lacebloom.in within 3 days of delivery with your order number and photos of the item and packaging, and we will send a replacement or refund you at no cost.',
        ],
      },
    ],
  },
  {
    id: 'account',
    title: 'Account & Offers',
    description: 'Signing in, managing your details, the wishlist and discount codes.',
    items: [
      {
        question: 'How do I create an account?',
        answer: [
          'Tap the account icon at the top of any page and choose to sign up. You can register with your email address and a password of at least 6 characters, or continue with your Google account.',
        ],
      },
      {
        question: 'How do I update my details or addresses?',
        answer: [
          'Open your profile from the account icon. You can edit your name, phone number and saved addresses there; your email address stays as it is because it is how you sign in.',
        ],
      },
      {
        question: 'Why do I need to sign in to use the wishlist?',
        answer: [
          'Your wishlist is saved to your account, so it is there on every device you use. Sign in and tap the heart on any product to save it.',
        ],
      },
      {
        question: 'How do I use a discount code?',
        answer: [
          'Sign in, open your cart and enter the code in the discount box before you check out. New customers get a flat 10% off their first order with the code NEW10.',
        ],
      },
      {
        question: 'I forgot my password. What now?',
        answer: [
          'Write to care@lacebloom.in from the email address on your account and we will send you a link to set a new password. If you signed up with Google, simply continue with Google again.',
        ],
      },
    ],
  },
];
