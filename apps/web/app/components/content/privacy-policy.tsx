import { PolicyPage, type PolicySection } from './policy-page';
import { shopDetails } from './shop-details';

export const PRIVACY_UPDATED = { iso: '2025-10-13', label: 'October 13, 2025' };

const sections: PolicySection[] = [
  {
    id: 'what-we-collect',
    title: 'Information we collect',
    content: (
      <>
        <p>We collect only what we need to run the shop and deliver your orders:</p>
        <ul>
          <li>
            <strong>Account details:</strong> your name, email address, phone number and password
            (stored only as a secure hash). If you sign in with Google, we receive your name, email
            address and profile picture from Google.
          </li>
          <li>
            <strong>Addresses:</strong> the shipping, billing, home or office addresses you save.
          </li>
          <li>
            <strong>Orders:</strong> what you bought, sizes and colours, amounts, discount codes
            used, order notes, and exchange or cancellation requests with their reasons.
          </li>
          <li>
            <strong>Your cart and wishlist</strong>, so they are there when you come back.
          </li>
          <li>
            <strong>Messages</strong> you send us by email, phone or the contact form.
          </li>
          <li>
            <strong>Technical data:</strong> your IP address, browser type and the pages you
            request, kept in our server logs for security.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'payments',
    title: 'Payment information',
    content: (
      <p>
        Payments are handled by Razorpay Software Pvt. Ltd. Your card number, expiry date, CVV, UPI
        PIN and net banking credentials are entered on Razorpay&rsquo;s checkout and are never seen
        or stored by Lacebloom. We receive only a payment reference, the amount, the method used
        (for example &ldquo;card&rdquo; or &ldquo;UPI&rdquo;) and whether the payment succeeded.
        Razorpay processes your payment data under its own privacy policy and the security standards
        required by the Reserve Bank of India.
      </p>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use your information',
    content: (
      <ul>
        <li>to process, ship and track your orders, exchanges and refunds;</li>
        <li>to manage your account, cart, wishlist and saved addresses;</li>
        <li>to send order confirmations, shipping updates and replies to your questions;</li>
        <li>to prevent fraud and keep the site and your account secure;</li>
        <li>to meet our legal duties, such as GST invoicing and record keeping;</li>
        <li>
          with your consent only, to send you news and offers, which you can unsubscribe from at any
          time.
        </li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    content: (
      <>
        <p>We never sell your personal data. We share it only with:</p>
        <ul>
          <li>courier partners, who need your name, address and phone number to deliver;</li>
          <li>Razorpay, to take payments and make refunds;</li>
          <li>our email and hosting providers, who process data on our instructions;</li>
          <li>government authorities, when the law requires it.</li>
        </ul>
        <p>All our partners store and process data in line with Indian law.</p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    content: (
      <>
        <p>
          We use a small number of strictly necessary cookies and your browser&rsquo;s local storage
          to keep you signed in, remember your guest cart and keep your preferences. We do not use
          advertising cookies or third-party trackers.
        </p>
        <p>
          You can clear cookies and site data in your browser settings at any time. If you do, you
          will be signed out and a guest cart will be emptied.
        </p>
      </>
    ),
  },
  {
    id: 'retention-security',
    title: 'How long we keep it, and how we protect it',
    content: (
      <>
        <p>
          We keep your account data for as long as your account is open. Order and invoice records
          are kept for eight years, as Indian tax law requires. Server logs are deleted after 90
          days.
        </p>
        <p>
          Data travels over encrypted connections (HTTPS), passwords are hashed, and access to
          customer data inside Lacebloom is limited to the people who need it to serve you.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    content: (
      <>
        <p>Under the Digital Personal Data Protection Act, 2023, you can ask us to:</p>
        <ul>
          <li>tell you what personal data we hold about you and how we use it;</li>
          <li>correct or complete data that is wrong or out of date;</li>
          <li>delete your account and data we are not required by law to keep;</li>
          <li>withdraw a consent you have given, such as for marketing emails;</li>
          <li>nominate someone to exercise these rights on your behalf.</li>
        </ul>
        <p>
          You can update most details yourself in your profile. For anything else, email{' '}
          <a href={`mailto:${shopDetails.email}`}>{shopDetails.email}</a>; we respond within 30
          days.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    content: (
      <p>
        Our shop is meant for adults. We do not knowingly collect data from anyone under 18 without
        the consent of a parent or guardian.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Changes and contact',
    content: (
      <>
        <p>
          If we change this policy, we will update the date at the top and, for important changes,
          tell you by email.
        </p>
        <p>
          For privacy questions or complaints, write to our Grievance Officer, Ms. Kavya Raghunath,
          at <a href={`mailto:${shopDetails.email}`}>{shopDetails.email}</a> or{' '}
          {shopDetails.addressLines.join(', ')}.
        </p>
      </>
    ),
  },
];

export function PrivacyPolicy() {
  return (
    <PolicyPage
      title="Privacy Policy"
      updated={PRIVACY_UPDATED}
      intro={
        <p>
          Buying lingerie is personal, and so is your data. This policy explains what Lacebloom
          collects when you use our website, why, who we share it with and the choices you have.
        </p>
      }
      sections={sections}
    />
  );
}
