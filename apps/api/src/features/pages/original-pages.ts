import type { FaqContent, PolicyContent } from '@shop/contracts/shop-pages';
import type { ShopPageKey } from '@shop/domain/shop-pages';

// The shop's own texts, as first published: what a page reads until an owner saves it, and what
// "Restore the original" brings back (decision 0050). Not demo data: a new shop shows these.
// Contact details are tokens ({{support-email}}, ...) filled from the settings when shown.

const faqPage: FaqContent = {
  kind: 'faq',
  groups: [
    {
      id: 'sizing',
      title: 'Sizing & Fit',
      description:
        'Finding your size, reading our size charts and what to do when you are between sizes.',
      entries: [
        {
          question: 'How do I find my bra size?',
          answer:
            'Measure snugly around your ribcage just under the bust for your band, then loosely around the fullest part of your bust. Each inch of difference between the two is one cup size: 1 inch is an A, 2 inches a B, 3 inches a C and so on.\n\nOur journal article "How to Measure Your Bra Size at Home" walks you through it step by step, and every product page has its own size chart.',
        },
        {
          question: 'What sizes do you carry?',
          answer:
            'Bras come in band-and-cup sizes from 32B to 40D, depending on the style. Panties, sleepwear and apparel come in letter sizes from XS to XXL, and beauty products are free size. The sizes available for each colour are shown on the product page.',
        },
        {
          question: 'I am between two sizes. Which should I choose?',
          answer:
            'For bras, choose the size whose band feels firm on the loosest hook; you can tighten it as the elastic relaxes. If the band fits but the cup does not, try a sister size: a 34C holds the same cup volume as a 32D or a 36B.\n\nFor panties and sleepwear, go up a size if you prefer a relaxed fit or if you are between sizes at the hip.',
        },
        {
          question: 'Can someone help me with fitting?',
          answer:
            'Yes. Our fit specialists are available {{business-hours}}. Call us, or email {{support-email}} with your measurements or a photo of the label of a bra that fits you well, and we will suggest the right size before you order.',
        },
      ],
    },
    {
      id: 'products',
      title: 'Products & Care',
      description: 'Fabrics, quality and how to keep your lingerie looking new for longer.',
      entries: [
        {
          question: 'What fabrics do you use?',
          answer:
            'Mostly breathable cotton, modal and micro-fibre, with soft nylon-spandex lace for our lace styles. Linings and gussets are cotton wherever they touch the skin. The exact fabric of each product is listed under its details.',
        },
        {
          question: 'How should I wash my bras and lace pieces?',
          answer:
            'Hand wash in cool water with a mild detergent and dry flat in the shade. If you use a machine, fasten the hooks, put the bra in a mesh laundry bag and use the delicate cycle. Never tumble dry or wring lace, and avoid bleach and fabric softener.',
        },
        {
          question: 'Are the product colours accurate?',
          answer:
            'We photograph every colour in daylight and check it against the fabric, but screens differ, so the shade you receive may look slightly different. If a colour is very different from its photos, we will exchange it.',
        },
        {
          question: 'Will a product that is out of stock come back?',
          answer:
            'Our core styles are restocked regularly. Add the product to your wishlist and check back, or write to us and we will tell you when your size is expected.',
        },
      ],
    },
    {
      id: 'orders',
      title: 'Orders & Shipping',
      description: 'Placing an order, paying, delivery times and tracking your parcel.',
      entries: [
        {
          question: 'Do I need an account to place an order?',
          answer:
            'Yes. You can browse the shop and keep items in your cart without signing in, but you need to sign in or create an account to check out. It takes less than a minute, and your cart comes with you when you sign in.\n\nWith an account you can also track orders, save addresses, keep a wishlist and use discount codes.',
        },
        {
          question: 'Which payment methods do you accept?',
          answer:
            'We accept credit and debit cards, UPI and net banking through Razorpay, our secure payment partner. We do not offer cash on delivery. Lacebloom never sees or stores your card details.',
        },
        {
          question: 'How much is shipping and how long will it take?',
          answer:
            'Shipping is free on every order in India. Orders are handed to our courier within 8-14 days. After that, standard delivery takes 5-7 business days, and express delivery takes 2-3 business days in select cities.',
        },
        {
          question: 'How can I track my order?',
          answer:
            'We email you the tracking number as soon as your order ships. You can also follow every order from My Orders in your profile.',
        },
        {
          question: 'Can I change or cancel my order?',
          answer:
            'You can modify an order within 2 hours of placing it by calling or emailing us. Orders that have not shipped yet can be cancelled from My Orders in your profile, and the amount is refunded to your original payment method.',
        },
        {
          question: 'Is the packaging discreet?',
          answer:
            'Always. Orders are sent in a plain, sealed box with no mention of what is inside.',
        },
      ],
    },
    {
      id: 'returns',
      title: 'Exchanges & Refunds',
      description: 'Our 3-day exchange window, what can be exchanged and how refunds work.',
      entries: [
        {
          question: 'What is your exchange policy?',
          answer:
            'You can request an exchange within 3 days from the date of delivery for unworn, unwashed items in their original packaging with tags attached. For hygiene reasons, panties, shapewear and opened beauty products can only be exchanged if they arrived damaged or wrong.',
        },
        {
          question: 'How do I request an exchange?',
          answer:
            'Open the order in My Orders in your profile and submit a return request with the size or colour you would like, or email us with your order number. We arrange a pickup, and once the item passes our quality check, the replacement ships within 2-3 business days. The whole exchange usually takes 7-10 business days.',
        },
        {
          question: 'When do I get a refund?',
          answer:
            'Delivered items are exchanged rather than refunded. We refund an order that is cancelled before shipping, or an exchange we cannot fulfil because the size is out of stock. Refunds go back to your original payment method and usually reach your account within 5-7 business days.',
        },
        {
          question: 'My item arrived damaged or wrong. What should I do?',
          answer:
            'We are sorry! Email {{support-email}} within 3 days of delivery with your order number and photos of the item and packaging, and we will send a replacement or refund you at no cost.',
        },
      ],
    },
    {
      id: 'account',
      title: 'Account & Offers',
      description: 'Signing in, managing your details, the wishlist and discount codes.',
      entries: [
        {
          question: 'How do I create an account?',
          answer:
            'Tap the account icon at the top of any page and choose to sign up. You can register with your email address and a password of at least 6 characters, or continue with your Google account.',
        },
        {
          question: 'How do I update my details or addresses?',
          answer:
            'Open your profile from the account icon. You can edit your name, phone number and saved addresses there; your email address stays as it is because it is how you sign in.',
        },
        {
          question: 'Why do I need to sign in to use the wishlist?',
          answer:
            'Your wishlist is saved to your account, so it is there on every device you use. Sign in and tap the heart on any product to save it.',
        },
        {
          question: 'How do I use a discount code?',
          answer:
            'Sign in, open your cart and enter the code in the discount box before you check out. New customers get a flat 10% off their first order with the code NEW10.',
        },
        {
          question: 'I forgot my password. What now?',
          answer:
            'Write to {{support-email}} from the email address on your account and we will send you a link to set a new password. If you signed up with Google, simply continue with Google again.',
        },
      ],
    },
  ],
};

const exchangePolicySections: PolicyContent['sections'] = [
  {
    id: 'exchange-window',
    title: 'Exchange window',
    html: '<p>You can request an exchange within <strong>3 days</strong> from the date of delivery. The delivery date is the one recorded by our courier partner and shown in your order tracking.</p><p>Exchanges are for a different size or colour of the same product, subject to stock. If the size or colour you want is no longer available, we will offer you another product of the same value or a refund, as you prefer.</p>',
  },
  {
    id: 'eligible',
    title: 'What can be exchanged',
    html: '<ul class="check-list"><li>Bras, sleepwear, loungewear and apparel in a different size or colour of the same product</li><li>Items that are unworn, unwashed and unaltered, with all original tags attached</li><li>Items returned in their original packaging, with the hygiene liner (where present) intact</li><li>Items that arrived damaged, defective or different from what you ordered</li></ul>',
  },
  {
    id: 'not-eligible',
    title: 'What cannot be exchanged',
    html: '<ul class="cross-list"><li>Panties, briefs, thongs and shapewear, unless they arrived damaged or were the wrong item</li><li>Beauty and personal care products once the seal is broken</li><li>Items that have been worn, washed, altered or perfumed, or that carry stains or odours</li><li>Items without their original tags, packaging or hygiene liner</li><li>Items bought from the Clearance section or marked &quot;final sale&quot;</li><li>Gift wrap and free gifts that came with an order</li><li>Requests raised after the 3-day window</li></ul>',
  },
  {
    id: 'how-to-exchange',
    title: 'How to request an exchange',
    html: '<ol><li>Sign in, open <a href="/profile">My Orders</a> and choose the order. Select the item, tell us the size or colour you would like and the reason, and submit the request. You can also email {{support-email}} with your order number.</li><li>We confirm the request within one business day and book a reverse pickup from your delivery address. Please pack the item securely in its original packaging with all tags attached.</li><li>Once the item reaches our warehouse and passes a quality check, your replacement is shipped within <strong>2-3 business days</strong>.</li></ol><p>From pickup to the replacement arriving, the whole exchange usually takes <strong>7-10 business days</strong>. We email you at each step, and you can follow it from your account.</p>',
  },
  {
    id: 'damaged-items',
    title: 'Damaged, defective or wrong items',
    html: '<p>If your parcel arrives damaged, or an item is defective or not what you ordered, write to us within 3 days of delivery with your order number and clear photos of the item and its packaging. We will replace it at no cost to you, or refund it if a replacement is not available. This applies to every product, including innerwear and beauty.</p>',
  },
  {
    id: 'cancellation',
    title: 'Cancelling or changing an order',
    html: '<p>Need to change the size, colour or delivery address? You can modify an order within <strong>2 hours</strong> of placing it: call us or email us with your order number. After that your order moves to packing and cannot be changed.</p><p>You can cancel an order that has not yet been shipped from My Orders in your account. Once an order has been handed to the courier it can no longer be cancelled; you can still request an exchange after delivery under this policy.</p><p>We may cancel an order ourselves if an item turns out to be out of stock, if the delivery PIN code cannot be served, or if a payment looks fraudulent. We will always tell you why and refund you in full.</p>',
  },
  {
    id: 'refunds',
    title: 'Refunds',
    html: '<p>Because of the nature of our products, delivered items are exchanged rather than refunded. A refund is made when:</p><ul><li>you or we cancel an order before it is shipped;</li><li>the size or colour you asked for in an exchange is not available;</li><li>an item arrived damaged, defective or wrong and cannot be replaced.</li></ul><p>Refunds go back to the original payment method (card, UPI or net banking) through our payment partner, Razorpay. We start the refund within 2 business days of approving it; most banks then take 5-7 business days to show it in your account. Any discount applied to the order is deducted from the refund amount of the item concerned.</p>',
  },
  {
    id: 'contact',
    title: 'Questions',
    html: '<p>Our care team is here {{business-hours}}. Email {{support-email}} or call {{support-phone}}; we reply to every email within 24 hours. You can also reach us through our <a href="/contact">contact page</a>.</p>',
  },
];

const shippingPolicySections: PolicyContent['sections'] = [
  {
    id: 'free-shipping',
    title: 'Free shipping on every order',
    html: '<p>Shipping is free on all orders delivered within India, with no minimum order value. The price you see at checkout is the price you pay: all prices are in Indian rupees (₹) and include GST.</p>',
  },
  {
    id: 'processing',
    title: 'Order processing',
    html: '<p>Every piece is checked and packed by hand at our Bengaluru warehouse. Orders are handed to our courier partner within <strong>8-14 days</strong> of being placed. We email you as soon as your parcel is on its way.</p><p>Orders are processed Monday to Saturday, except public holidays. During sales and festive seasons, packing can take a little longer; we will let you know if your order is affected.</p>',
  },
  {
    id: 'delivery-times',
    title: 'Delivery times',
    html: '<p>Once your order has been shipped, you can expect it:</p><ul><li><strong>Standard delivery:</strong> within 5-7 business days, anywhere we deliver in India.</li><li><strong>Express delivery:</strong> within 2-3 business days in select cities, including Bengaluru, Mumbai, Delhi NCR, Chennai, Hyderabad, Pune and Kolkata. Express is applied automatically, free of charge, when your PIN code qualifies.</li></ul><p>Deliveries to the North-Eastern states, Jammu &amp; Kashmir, Ladakh, the Andaman &amp; Nicobar Islands and Lakshadweep may take a few extra days. We do not ship outside India yet.</p>',
  },
  {
    id: 'tracking',
    title: 'Tracking your order',
    html: '<p>When your order ships, we send the courier name and tracking number to your email. You can also follow every order from <a href="/profile">My Orders</a> in your account, where the status updates from confirmed to shipped to delivered.</p>',
  },
  {
    id: 'packaging',
    title: 'Discreet packaging',
    html: '<p>Your order arrives in a plain, sealed outer box. The label shows only your delivery details and our company name, with nothing about what is inside. Invoices are sent by email and are not printed on the parcel.</p>',
  },
  {
    id: 'delivery-attempts',
    title: 'Delivery attempts and addresses',
    html: '<p>Please give a complete address with landmark, the correct 6-digit PIN code and a 10-digit mobile number that the courier can reach. The courier makes up to three delivery attempts; if all fail, the parcel comes back to us and we refund the order value once it arrives.</p><p>The delivery address can be changed within 2 hours of placing the order. After that, please contact the courier through the tracking link.</p>',
  },
  {
    id: 'damaged-parcels',
    title: 'Damaged or tampered parcels',
    html: '<p>If the outer box looks opened or damaged, please refuse the delivery or take photos before opening it, and write to us within 3 days of delivery. We will send a replacement or refund you, as described in our <a href="/return-refund-policy">Exchange &amp; Refund Policy</a>.</p>',
  },
  {
    id: 'payment',
    title: 'Payment',
    html: '<p>All orders are prepaid online through Razorpay, by card, UPI or net banking. We do not offer cash on delivery.</p>',
  },
];

const privacyPolicySections: PolicyContent['sections'] = [
  {
    id: 'what-we-collect',
    title: 'Information we collect',
    html: '<p>We collect only what we need to run the shop and deliver your orders:</p><ul><li><strong>Account details:</strong> your name, email address, phone number and password (stored only as a secure hash). If you sign in with Google, we receive your name and email address from Google.</li><li><strong>Addresses:</strong> the shipping, billing, home or office addresses you save.</li><li><strong>Orders:</strong> what you bought, sizes and colours, amounts, discount codes used, order notes, and exchange or cancellation requests with their reasons.</li><li><strong>Your cart and wishlist</strong>, so they are there when you come back.</li><li><strong>Your message choices:</strong> which messages you want on which channel, and a record of each consent you give or withdraw (when, where, and the exact words you were shown).</li><li><strong>Messages</strong> we send you and you send us (email, WhatsApp, SMS, the contact and grievance forms).</li><li><strong>Sign-ins:</strong> when each sign-in started and was last renewed, so you can be signed out everywhere.</li><li><strong>Technical data:</strong> your IP address, browser type and the pages you request, kept in our server logs for security.</li></ul>',
  },
  {
    id: 'payments',
    title: 'Payment information',
    html: '<p>Payments are handled by Razorpay Software Pvt. Ltd. Your card number, expiry date, CVV, UPI PIN and net banking credentials are entered on Razorpay’s checkout and are never seen or stored by Lacebloom. We receive only a payment reference, the amount, the method used (for example “card” or “UPI”) and whether the payment succeeded. Razorpay processes your payment data under its own privacy policy and the security standards required by the Reserve Bank of India.</p>',
  },
  {
    id: 'how-we-use',
    title: 'Why we use it, and for how long',
    html: '<p>Each purpose, and how long its data is kept:</p><ul><li><strong>Your orders</strong> (taking payment, packing, delivery, exchanges, refunds): for as long as your account is open. Tax invoices and the orders they bill are kept for 72 months (6 years) from the invoice, as GST law requires, even after you delete your account.</li><li><strong>Order updates</strong> by email, and on WhatsApp or SMS to a phone number you have verified: sent while you keep them on. Turn any channel off in My Account.</li><li><strong>Offers and new arrivals</strong>: only if you tick a box for them (at sign-up or in My Account), on the channels you ticked. They stop at once when you untick it, including any already waiting to be sent.</li><li><strong>Your account</strong> (sign-in, cart, wishlist, saved addresses): until you delete it. Sign-in records go 30 days after each sign-in.</li><li><strong>Records of messages we sent</strong>: 90 days after sending; their text is cleared as soon as they are delivered.</li><li><strong>Consent records</strong>: kept as proof of what you chose; when you delete your account they keep no name, email or phone.</li><li><strong>Grievances</strong>: kept to answer them and to show how they were resolved; when you delete your account they keep no name, email or phone.</li><li><strong>Security</strong> (stopping fraud and abuse): server logs are deleted after 90 days.</li></ul>',
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    html: '<p>We never sell your personal data. We share it only with:</p><ul><li>courier partners, who need your name, address and phone number to deliver;</li><li>Razorpay, to take payments and make refunds;</li><li>our email, WhatsApp and SMS providers, who deliver the messages you chose, and our hosting provider, all processing data on our instructions;</li><li>government authorities, when the law requires it.</li></ul><p>All our partners store and process data in line with Indian law.</p>',
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    html: '<p>We use a small number of strictly necessary cookies and your browser’s local storage to keep you signed in, remember your guest cart and keep your preferences. We do not use advertising cookies or third-party trackers.</p><p>You can clear cookies and site data in your browser settings at any time. If you do, you will be signed out and a guest cart will be emptied.</p>',
  },
  {
    id: 'retention-security',
    title: 'How we protect it',
    html: '<p>Data travels over encrypted connections (HTTPS), passwords are hashed, and access to customer data inside Lacebloom is limited to the people who need it to serve you. If your data is ever exposed, we will tell you and the Data Protection Board of India without delay.</p>',
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    html: '<p>Under the Digital Personal Data Protection Act, 2023, you can:</p><ul><li><strong>See what we hold:</strong> “Download my data” in <a href="/profile">My Account</a> gives you everything we hold about you (profile, addresses, orders, message choices and consents, messages sent, sign-ins, wishlist and cart) as one file, and who we share it with.</li><li><strong>Correct it:</strong> change your name, phone and addresses in <a href="/profile">My Account</a>, or ask us.</li><li><strong>Erase it:</strong> “Delete my account” in <a href="/profile">My Account</a> signs you out everywhere and erases your data at once, except tax invoices and their orders, which we keep for the GST period with the name and address printed on them but without your email or phone.</li><li><strong>Withdraw consent</strong> as easily as you gave it: untick a box under “Messages from us” in <a href="/profile">My Account</a>. It applies at once, to messages already waiting too.</li><li><strong>Nominate</strong> someone to exercise these rights on your behalf.</li><li><strong>Complain:</strong> write to our Grievance Officer (below or through the <a href="/grievance">grievance form</a>); we answer within 90 days at the latest. If you are not satisfied, you may complain to the Data Protection Board of India.</li></ul><p>For anything else, email {{support-email}}.</p>',
  },
  {
    id: 'children',
    title: 'Children',
    html: '<p>Our shop is meant for adults. We do not knowingly collect data from anyone under 18 without the consent of a parent or guardian.</p>',
  },
  {
    id: 'contact',
    title: 'Changes, withdrawals and complaints',
    html: '<p>If we change this policy, we will update the date at the top and, for important changes, tell you by email.</p><p>To withdraw a consent, use “Messages from us” in <a href="/profile">My Account</a>. For privacy questions or complaints, write to our Grievance Officer, {{grievance-officer}}, at {{grievance-email}}, use the <a href="/grievance">grievance form</a>, or write to {{legal-name}}, {{address}}.</p>',
  },
];

const termsAndConditionsSections: PolicyContent['sections'] = [
  {
    id: 'about-these-terms',
    title: 'About these terms',
    html: '<p>This website, lacebloom.in, is operated by {{legal-name}}, a company registered in India with its office at {{address}} (“Lacebloom”, “we”, “us”). By browsing the site, creating an account or placing an order, you agree to these terms together with our <a href="/privacy-policy">Privacy Policy</a>, <a href="/shipping-policy">Shipping Policy</a> and <a href="/return-refund-policy">Exchange &amp; Refund Policy</a>.</p><p>These terms are an electronic record under the Information Technology Act, 2000 and do not need a physical or digital signature.</p>',
  },
  {
    id: 'eligibility',
    title: 'Who can shop with us',
    html: '<p>You must be at least 18 years old and able to enter into a binding contract under Indian law to place an order. If you are younger, you may use the site only with the involvement of a parent or guardian.</p>',
  },
  {
    id: 'accounts',
    title: 'Your account',
    html: '<p>Anyone can browse the shop and keep a cart. To place an order, save a wishlist or use a discount code, you need an account, which you can create with your email address or your Google account.</p><p>Please keep your details accurate and your password private. You are responsible for activity on your account; tell us straight away at {{support-email}} if you think someone else has used it.</p>',
  },
  {
    id: 'products-and-prices',
    title: 'Products, sizes and prices',
    html: '<p>We describe and photograph our products as accurately as we can. Colours may look slightly different on your screen, and measurements in our size guides may vary by up to 1-2 cm because every piece is cut and sewn by hand.</p><p>All prices are in Indian rupees (₹) and include GST. Shipping within India is free. Prices and availability can change without notice, but the price confirmed when you place your order is the price you pay. If an obvious pricing error slips through, we will contact you and you can choose to continue at the correct price or cancel for a full refund.</p>',
  },
  {
    id: 'orders',
    title: 'Orders',
    html: '<p>Your order is an offer to buy. The contract is formed when we confirm the order by email after a successful payment. We may decline or cancel an order if an item is out of stock, if we cannot deliver to the address given, or if we suspect fraud or resale in bulk; in that case any amount paid is refunded in full to the original payment method.</p>',
  },
  {
    id: 'payments',
    title: 'Payments',
    html: '<p>Payments are processed by Razorpay Software Pvt. Ltd., an RBI-authorised payment aggregator. You can pay by debit or credit card, UPI or net banking. Your card or bank details are entered on Razorpay’s secure checkout and are never seen or stored by Lacebloom.</p><p>We do not offer cash on delivery. Your bank may charge its own fees for some methods.</p>',
  },
  {
    id: 'discounts',
    title: 'Discount codes and offers',
    html: '<p>Discount codes, such as our introductory code NEW10 for a flat 10% off, need you to be signed in. Unless an offer says otherwise, one code can be used per order, codes cannot be exchanged for cash, and each offer is subject to its own validity dates and conditions. We may withdraw an offer that is being misused.</p>',
  },
  {
    id: 'shipping-exchanges',
    title: 'Shipping, exchanges and refunds',
    html: '<p>Delivery times, exchanges, cancellations and refunds are covered in our <a href="/shipping-policy">Shipping Policy</a> and <a href="/return-refund-policy">Exchange &amp; Refund Policy</a>, which form part of these terms. Your rights under the Consumer Protection Act, 2019 are not affected.</p>',
  },
  {
    id: 'site-use',
    title: 'Using the website',
    html: '<p>Please do not:</p><ul><li>use the site for anything unlawful, or to harass or impersonate anyone;</li><li>try to break into accounts, systems or data that are not yours;</li><li>copy the site or its content in bulk by automated means;</li><li>post reviews that are false, offensive or not based on your own purchase.</li></ul><p>We may suspend accounts that break these rules.</p>',
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual property',
    html: '<p>The Lacebloom name and logo, our designs, photographs, texts and the look of this website belong to Lacebloom or its licensors. You may share links to our pages, but you may not reproduce our content for commercial use without written permission.</p>',
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    html: '<p>We take care to keep the site available and correct, but we cannot promise that it will be uninterrupted or error-free. To the extent allowed by law, our total liability for any order is limited to the amount you paid for it, and we are not liable for indirect losses. Nothing in these terms limits liability that cannot be limited under Indian law.</p>',
  },
  {
    id: 'law',
    title: 'Governing law and disputes',
    html: '<p>These terms are governed by the laws of India. We will always try to resolve a concern with you directly first. Any dispute that cannot be settled that way falls under the exclusive jurisdiction of the courts in Bengaluru, Karnataka.</p>',
  },
  {
    id: 'grievances',
    title: 'Grievance officer and contact',
    html: '<p>In line with the Consumer Protection (E-Commerce) Rules, 2020, complaints can be sent to our Grievance Officer, {{grievance-officer}}, at {{grievance-email}} or by post to {{legal-name}}, {{address}}. We acknowledge every complaint within 48 hours and aim to resolve it within one month.</p><p>We may update these terms from time to time; the date at the top shows the latest version. Orders are governed by the terms in force when they were placed.</p>',
  },
];

const intro = (text: string) => `<p>${text}</p>`;

export const originalPages: Record<
  ShopPageKey,
  { content: FaqContent | PolicyContent; updatedAt: string }
> = {
  faq: { content: faqPage, updatedAt: '2025-10-08T00:00:00+05:30' },
  'exchange-policy': {
    updatedAt: '2025-10-08T00:00:00+05:30',
    content: {
      kind: 'policy',
      intro: intro(
        'We want you to love how every Lacebloom piece fits and feels. If something is not right, this page explains how exchanges, cancellations and refunds work.',
      ),
      notice: {
        title: 'A note on hygiene',
        html:
          '<p>Lingerie is worn close to the skin, so for your safety and that of every customer we only accept items that are unworn, unwashed and in their original packaging with tags and hygiene liners intact. Please try bras and sleepwear on over your own underwear.</p>' +
          '<p>Panties, shapewear and opened beauty products cannot be exchanged unless they arrived damaged or wrong.</p>',
      },
      sections: exchangePolicySections,
    },
  },
  'shipping-policy': {
    updatedAt: '2025-10-08T00:00:00+05:30',
    content: {
      kind: 'policy',
      intro: intro(
        'We ship across India from our warehouse in Bengaluru. Here is how long your order takes, what it costs (nothing) and how to follow it.',
      ),
      notice: {
        title: 'At a glance',
        html:
          '<ul><li>Free shipping on every order in India</li><li>Handed to the courier within 8-14 days</li>' +
          '<li>Standard delivery 5-7 business days; express 2-3 business days in select cities</li>' +
          '<li>Tracking by email and in My Orders</li></ul><p>Questions? Email {{support-email}}.</p>',
      },
      sections: shippingPolicySections,
    },
  },
  'privacy-policy': {
    updatedAt: '2026-11-29T00:00:00+05:30',
    content: {
      kind: 'policy',
      intro: intro(
        'Buying lingerie is personal, and so is your data. This policy explains what Lacebloom collects when you use our website, why, who we share it with and the choices you have.',
      ),
      notice: null,
      sections: privacyPolicySections,
    },
  },
  'terms-and-conditions': {
    updatedAt: '2025-10-08T00:00:00+05:30',
    content: {
      kind: 'policy',
      intro: intro(
        'Thank you for shopping with Lacebloom. These terms explain the agreement between you and us when you use our website and buy from us. Please read them along with our policies.',
      ),
      notice: null,
      sections: termsAndConditionsSections,
    },
  },
};
