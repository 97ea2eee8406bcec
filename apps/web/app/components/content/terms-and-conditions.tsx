import { Link } from 'react-router';
import { PolicyPage, type PolicySection } from './policy-page';
import { shopDetails } from './shop-details';

export const TERMS_UPDATED = { iso: '2025-10-08', label: 'October 8, 2025' };

const sections: PolicySection[] = [
  {
    id: 'about-these-terms',
    title: 'About these terms',
    content: (
      <>
        <p>
          This website, lacebloom.in, is operated by Lacebloom Retail Pvt. Ltd., a company
          registered in India with its office at {shopDetails.addressLines.slice(1).join(', ')}{' '}
          (&ldquo;Lacebloom&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;). By browsing the site,
          creating an account or placing an order, you agree to these terms together with our{' '}
          <Link to="/privacy-policy">Privacy Policy</Link>,{' '}
          <Link to="/shipping-policy">Shipping Policy</Link> and{' '}
          <Link to="/return-refund-policy">Exchange &amp; Refund Policy</Link>.
        </p>
        <p>
          These terms are an electronic record under the Information Technology Act, 2000 and do not
          need a physical or digital signature.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who can shop with us',
    content: (
      <p>
        You must be at least 18 years old and able to enter into a binding contract under Indian law
        to place an order. If you are younger, you may use the site only with the involvement of a
        parent or guardian.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    content: (
      <>
        <p>
          Anyone can browse the shop and keep a cart. To place an order, save a wishlist or use a
          discount code, you need an account, which you can create with your email address or your
          Google account.
        </p>
        <p>
          Please keep your details accurate and your password private. You are responsible for
          activity on your account; tell us straight away at{' '}
          <a href={`mailto:${shopDetails.email}`}>{shopDetails.email}</a> if you think someone else
          has used it.
        </p>
      </>
    ),
  },
  {
    id: 'products-and-prices',
    title: 'Products, sizes and prices',
    content: (
      <>
        <p>
          We describe and photograph our products as accurately as we can. Colours may look slightly
          different on your screen, and measurements in our size guides may vary by up to 1-2 cm
          because every piece is cut and sewn by hand.
        </p>
        <p>
          All prices are in Indian rupees (₹) and include GST. Shipping within India is free. Prices
          and availability can change without notice, but the price confirmed when you place your
          order is the price you pay. If an obvious pricing error slips through, we will contact you
          and you can choose to continue at the correct price or cancel for a full refund.
        </p>
      </>
    ),
  },
  {
    id: 'orders',
    title: 'Orders',
    content: (
      <p>
        Your order is an offer to buy. The contract is formed when we confirm the order by email
        after a successful payment. We may decline or cancel an order if an item is out of stock, if
        we cannot deliver to the address given, or if we suspect fraud or resale in bulk; in that
        case any amount paid is refunded in full to the original payment method.
      </p>
    ),
  },
  {
    id: 'payments',
    title: 'Payments',
    content: (
      <>
        <p>
          Payments are processed by Razorpay Software Pvt. Ltd., an RBI-authorised payment
          aggregator. You can pay by debit or credit card, UPI or net banking. Your card or bank
          details are entered on Razorpay&rsquo;s secure checkout and are never seen or stored by
          Lacebloom.
        </p>
        <p>We do not offer cash on delivery. Your bank may charge its own fees for some methods.</p>
      </>
    ),
  },
  {
    id: 'discounts',
    title: 'Discount codes and offers',
    content: (
      <p>
        Discount codes, such as our introductory code NEW10 for a flat 10% off, need you to be
        signed in. Unless an offer says otherwise, one code can be used per order, codes cannot be
        exchanged for cash, and each offer is subject to its own validity dates and conditions. We
        may withdraw an offer that is being misused.
      </p>
    ),
  },
  {
    id: 'shipping-exchanges',
    title: 'Shipping, exchanges and refunds',
    content: (
      <p>
        Delivery times, exchanges, cancellations and refunds are covered in our{' '}
        <Link to="/shipping-policy">Shipping Policy</Link> and{' '}
        <Link to="/return-refund-policy">Exchange &amp; Refund Policy</Link>, which form part of
        these terms. Your rights under the Consumer Protection Act, 2019 are not affected.
      </p>
    ),
  },
  {
    id: 'site-use',
    title: 'Using the website',
    content: (
      <>
        <p>Please do not:</p>
        <ul>
          <li>use the site for anything unlawful, or to harass or impersonate anyone;</li>
          <li>try to break into accounts, systems or data that are not yours;</li>
          <li>copy the site or its content in bulk by automated means;</li>
          <li>post reviews that are false, offensive or not based on your own purchase.</li>
        </ul>
        <p>We may suspend accounts that break these rules.</p>
      </>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual property',
    content: (
      <p>
        The Lacebloom name and logo, our designs, photographs, texts and the look of this website
        belong to Lacebloom or its licensors. You may share links to our pages, but you may not
        reproduce our content for commercial use without written permission.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    content: (
      <p>
        We take care to keep the site available and correct, but we cannot promise that it will be
        uninterrupted or error-free. To the extent allowed by law, our total liability for any order
        is limited to the amount you paid for it, and we are not liable for indirect losses. Nothing
        in these terms limits liability that cannot be limited under Indian law.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law and disputes',
    content: (
      <p>
        These terms are governed by the laws of India. We will always try to resolve a concern with
        you directly first. Any dispute that cannot be settled that way falls under the exclusive
        jurisdiction of the courts in Bengaluru, Karnataka.
      </p>
    ),
  },
  {
    id: 'grievances',
    title: 'Grievance officer and contact',
    content: (
      <>
        <p>
          In line with the Consumer Protection (E-Commerce) Rules, 2020, complaints can be sent to
          our Grievance Officer, Ms. Kavya Raghunath, at{' '}
          <a href={`mailto:${shopDetails.email}`}>{shopDetails.email}</a> or by post to{' '}
          {shopDetails.addressLines.join(', ')}. We acknowledge every complaint within 48 hours and
          aim to resolve it within one month.
        </p>
        <p>
          We may update these terms from time to time; the date at the top shows the latest version.
          Orders are governed by the terms in force when they were placed.
        </p>
      </>
    ),
  },
];

export function TermsAndConditions() {
  return (
    <PolicyPage
      title="Terms & Conditions"
      updated={TERMS_UPDATED}
      intro={
        <p>
          Thank you for shopping with Lacebloom. These terms explain the agreement between you and
          us when you use our website and buy from us. Please read them along with our policies.
        </p>
      }
      sections={sections}
    />
  );
}
