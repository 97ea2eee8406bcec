import { Link } from 'react-router';
import { CheckCircleIcon, XCircleIcon } from './content-icons';
import { PolicyNotice, PolicyPage, type PolicySection } from './policy-page';
import { shopDetails } from './shop-details';

/** Policy figures from the brief (section 9), named so the text and the tests agree. */
export const EXCHANGE_WINDOW_DAYS = 3;
export const EXCHANGE_POLICY_UPDATED = { iso: '2025-10-08', label: 'October 8, 2025' };

const eligible = [
  'Bras, sleepwear, loungewear and apparel in a different size or colour of the same product',
  'Items that are unworn, unwashed and unaltered, with all original tags attached',
  'Items returned in their original packaging, with the hygiene liner (where present) intact',
  'Items that arrived damaged, defective or different from what you ordered',
];

const notEligible = [
  'Panties, briefs, thongs and shapewear, unless they arrived damaged or were the wrong item',
  'Beauty and personal care products once the seal is broken',
  'Items that have been worn, washed, altered or perfumed, or that carry stains or odours',
  'Items without their original tags, packaging or hygiene liner',
  'Items bought from the Clearance section or marked "final sale"',
  'Gift wrap and free gifts that came with an order',
  'Requests raised after the 3-day window',
];

function CheckList({ items, kind }: { items: string[]; kind: 'yes' | 'no' }) {
  const Icon = kind === 'yes' ? CheckCircleIcon : XCircleIcon;
  return (
    <ul className="list-none! space-y-3! pl-0!">
      {items.map((item) => (
        <li key={item} className="flex gap-3 pl-0!">
          <Icon
            className={`mt-0.5 h-5 w-5 shrink-0 ${kind === 'yes' ? 'text-emerald-700' : 'text-brand-700'}`}
          />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

const sections: PolicySection[] = [
  {
    id: 'exchange-window',
    title: 'Exchange window',
    content: (
      <>
        <p>
          You can request an exchange within <strong>{EXCHANGE_WINDOW_DAYS} days</strong> from the
          date of delivery. The delivery date is the one recorded by our courier partner and shown
          in your order tracking.
        </p>
        <p>
          Exchanges are for a different size or colour of the same product, subject to stock. If the
          size or colour you want is no longer available, we will offer you another product of the
          same value or a refund, as you prefer.
        </p>
      </>
    ),
  },
  {
    id: 'eligible',
    title: 'What can be exchanged',
    content: <CheckList items={eligible} kind="yes" />,
  },
  {
    id: 'not-eligible',
    title: 'What cannot be exchanged',
    content: <CheckList items={notEligible} kind="no" />,
  },
  {
    id: 'how-to-exchange',
    title: 'How to request an exchange',
    content: (
      <>
        <ol>
          <li>
            Sign in, open <Link to="/profile">My Orders</Link> and choose the order. Select the
            item, tell us the size or colour you would like and the reason, and submit the request.
            You can also email <a href={`mailto:${shopDetails.email}`}>{shopDetails.email}</a> with
            your order number.
          </li>
          <li>
            We confirm the request within one business day and book a reverse pickup from your
            delivery address. Please pack the item securely in its original packaging with all tags
            attached.
          </li>
          <li>
            Once the item reaches our warehouse and passes a quality check, your replacement is
            shipped within <strong>2-3 business days</strong>.
          </li>
        </ol>
        <p>
          From pickup to the replacement arriving, the whole exchange usually takes{' '}
          <strong>7-10 business days</strong>. We email you at each step, and you can follow it from
          your account.
        </p>
      </>
    ),
  },
  {
    id: 'damaged-items',
    title: 'Damaged, defective or wrong items',
    content: (
      <p>
        If your parcel arrives damaged, or an item is defective or not what you ordered, write to us
        within {EXCHANGE_WINDOW_DAYS} days of delivery with your order number and clear photos of
        the item and its packaging. We will replace it at no cost to you, or refund it if a
        replacement is not available. This applies to every product, including innerwear and beauty.
      </p>
    ),
  },
  {
    id: 'cancellation',
    title: 'Cancelling or changing an order',
    content: (
      <>
        <p>
          Need to change the size, colour or delivery address? You can modify an order within{' '}
          <strong>2 hours</strong> of placing it: call us or email us with your order number. After
          that your order moves to packing and cannot be changed.
        </p>
        <p>
          You can cancel an order that has not yet been shipped from My Orders in your account. Once
          an order has been handed to the courier it can no longer be cancelled; you can still
          request an exchange after delivery under this policy.
        </p>
        <p>
          We may cancel an order ourselves if an item turns out to be out of stock, if the delivery
          PIN code cannot be served, or if a payment looks fraudulent. We will always tell you why
          and refund you in full.
        </p>
      </>
    ),
  },
  {
    id: 'refunds',
    title: 'Refunds',
    content: (
      <>
        <p>
          Because of the nature of our products, delivered items are exchanged rather than refunded.
          A refund is made when:
        </p>
        <ul>
          <li>you or we cancel an order before it is shipped;</li>
          <li>the size or colour you asked for in an exchange is not available;</li>
          <li>an item arrived damaged, defective or wrong and cannot be replaced.</li>
        </ul>
        <p>
          Refunds go back to the original payment method (card, UPI or net banking) through our
          payment partner, Razorpay. We start the refund within 2 business days of approving it;
          most banks then take 5-7 business days to show it in your account. Any discount applied to
          the order is deducted from the refund amount of the item concerned.
        </p>
      </>
    ),
  },
  {
    id: 'contact',
    title: 'Questions',
    content: (
      <p>
        Our care team is here {shopDetails.hours} ({shopDetails.closed}). Email{' '}
        <a href={`mailto:${shopDetails.email}`}>{shopDetails.email}</a> or call{' '}
        <a href={shopDetails.phoneHref}>{shopDetails.phoneDisplay}</a>; we reply to every email
        within 24 hours. You can also reach us through our <Link to="/contact">contact page</Link>.
      </p>
    ),
  },
];

/** The exchange page, served at both /return-refund-policy and /return-policy. */
export function ExchangePolicy() {
  return (
    <PolicyPage
      title="Exchange & Refund Policy"
      updated={EXCHANGE_POLICY_UPDATED}
      intro={
        <p>
          We want you to love how every Lacebloom piece fits and feels. If something is not right,
          this page explains how exchanges, cancellations and refunds work.
        </p>
      }
      notice={
        <PolicyNotice title="A note on hygiene">
          <p>
            Lingerie is worn close to the skin, so for your safety and that of every customer we
            only accept items that are unworn, unwashed and in their original packaging with tags
            and hygiene liners intact. Please try bras and sleepwear on over your own underwear.
          </p>
          <p>
            Panties, shapewear and opened beauty products cannot be exchanged unless they arrived
            damaged or wrong.
          </p>
        </PolicyNotice>
      }
      sections={sections}
    />
  );
}
