import { Link } from 'react-router';
import { PolicyNotice, PolicyPage, type PolicySection } from './policy-page';
import { shopDetails } from './shop-details';

export const SHIPPING_POLICY_UPDATED = { iso: '2025-10-08', label: 'October 8, 2025' };

const sections: PolicySection[] = [
  {
    id: 'free-shipping',
    title: 'Free shipping on every order',
    content: (
      <p>
        Shipping is free on all orders delivered within India, with no minimum order value. The
        price you see at checkout is the price you pay: all prices are in Indian rupees (₹) and
        include GST.
      </p>
    ),
  },
  {
    id: 'processing',
    title: 'Order processing',
    content: (
      <>
        <p>
          Every piece is checked and packed by hand at our Bengaluru warehouse. Orders are handed to
          our courier partner within <strong>8-14 days</strong> of being placed. We email you as
          soon as your parcel is on its way.
        </p>
        <p>
          Orders are processed Monday to Saturday, except public holidays. During sales and festive
          seasons, packing can take a little longer; we will let you know if your order is affected.
        </p>
      </>
    ),
  },
  {
    id: 'delivery-times',
    title: 'Delivery times',
    content: (
      <>
        <p>Once your order has been shipped, you can expect it:</p>
        <ul>
          <li>
            <strong>Standard delivery:</strong> within 5-7 business days, anywhere we deliver in
            India.
          </li>
          <li>
            <strong>Express delivery:</strong> within 2-3 business days in select cities, including
            Bengaluru, Mumbai, Delhi NCR, Chennai, Hyderabad, Pune and Kolkata. Express is applied
            automatically, free of charge, when your PIN code qualifies.
          </li>
        </ul>
        <p>
          Deliveries to the North-Eastern states, Jammu &amp; Kashmir, Ladakh, the Andaman &amp;
          Nicobar Islands and Lakshadweep may take a few extra days. We do not ship outside India
          yet.
        </p>
      </>
    ),
  },
  {
    id: 'tracking',
    title: 'Tracking your order',
    content: (
      <p>
        When your order ships, we send the courier name and tracking number to your email. You can
        also follow every order from <Link to="/profile">My Orders</Link> in your account, where the
        status updates from confirmed to shipped to delivered.
      </p>
    ),
  },
  {
    id: 'packaging',
    title: 'Discreet packaging',
    content: (
      <p>
        Your order arrives in a plain, sealed outer box. The label shows only your delivery details
        and our company name, with nothing about what is inside. Invoices are sent by email and are
        not printed on the parcel.
      </p>
    ),
  },
  {
    id: 'delivery-attempts',
    title: 'Delivery attempts and addresses',
    content: (
      <>
        <p>
          Please give a complete address with landmark, the correct 6-digit PIN code and a 10-digit
          mobile number that the courier can reach. The courier makes up to three delivery attempts;
          if all fail, the parcel comes back to us and we refund the order value once it arrives.
        </p>
        <p>
          The delivery address can be changed within 2 hours of placing the order. After that,
          please contact the courier through the tracking link.
        </p>
      </>
    ),
  },
  {
    id: 'damaged-parcels',
    title: 'Damaged or tampered parcels',
    content: (
      <p>
        If the outer box looks opened or damaged, please refuse the delivery or take photos before
        opening it, and write to us within 3 days of delivery. We will send a replacement or refund
        you, as described in our{' '}
        <Link to="/return-refund-policy">Exchange &amp; Refund Policy</Link>.
      </p>
    ),
  },
  {
    id: 'payment',
    title: 'Payment',
    content: (
      <p>
        All orders are prepaid online through Razorpay, by card, UPI or net banking. We do not offer
        cash on delivery.
      </p>
    ),
  },
];

export function ShippingPolicy() {
  return (
    <PolicyPage
      title="Shipping Policy"
      updated={SHIPPING_POLICY_UPDATED}
      intro={
        <p>
          We ship across India from our warehouse in Bengaluru. Here is how long your order takes,
          what it costs (nothing) and how to follow it.
        </p>
      }
      notice={
        <PolicyNotice title="At a glance">
          <ul className="list-disc space-y-1 pl-5">
            <li>Free shipping on every order in India</li>
            <li>Handed to the courier within 8-14 days</li>
            <li>Standard delivery 5-7 business days; express 2-3 business days in select cities</li>
            <li>Tracking by email and in My Orders</li>
          </ul>
          <p>
            Questions? Email <a href={`mailto:${shopDetails.email}`}>{shopDetails.email}</a>.
          </p>
        </PolicyNotice>
      }
      sections={sections}
    />
  );
}
