import { Link, useRouteLoaderData } from 'react-router';
import type { PublicShopSettings } from '@shop/contracts/shop-settings';
import type { loader as rootLoader } from '../../root';
import { phoneDisplay, phoneHref, registeredAddress, useShopSettings } from '../../lib/shop-legal';

const shopLinks = [
  { to: '/about', label: 'About Us' },
  { to: '/contact', label: 'Contact' },
  { to: '/blogs', label: 'Journal' },
  { to: '/faq', label: 'FAQ' },
  { to: '/size-guide', label: 'Size Guide' },
];
const policyLinks = [
  { to: '/return-refund-policy', label: 'Exchange & Refund Policy' },
  { to: '/shipping-policy', label: 'Shipping Policy' },
  { to: '/terms-and-conditions', label: 'Terms & Conditions' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/legal', label: 'Legal Information' },
  { to: '/grievance', label: 'File a Grievance' },
];
const socialLinks = [
  { href: 'https://www.instagram.com/', label: 'Instagram' },
  { href: 'https://www.facebook.com/', label: 'Facebook' },
  { href: 'https://www.pinterest.com/', label: 'Pinterest' },
  { href: 'https://www.youtube.com/', label: 'YouTube' },
];

function FooterLinks({
  label,
  title,
  links,
}: {
  label: string;
  title: string;
  links: { to: string; label: string }[];
}) {
  return (
    <nav aria-label={label}>
      <h2 className="text-sm font-semibold uppercase tracking-widest">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="text-brand-100/80 hover:text-white hover:underline">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  // The shop's support email from the settings (root loader); none on the root's error page.
  const email = useRouteLoaderData<typeof rootLoader>('root')?.contact.supportEmail;
  return (
    <footer className="mt-16 bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="font-serif text-2xl">Lacebloom</p>
          <p className="mt-3 text-sm text-brand-100/80">
            Lingerie, sleepwear and everyday essentials designed for Indian women, in sizes that
            fit.
          </p>
          {email && (
            <a
              href={`mailto:${email}`}
              className="mt-4 inline-block text-sm underline underline-offset-4"
            >
              {email}
            </a>
          )}
        </div>
        <FooterLinks label="About the shop" title="Lacebloom" links={shopLinks} />
        <FooterLinks label="Policies" title="Policies" links={policyLinks} />
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-widest">Follow us</h2>
          <ul className="mt-3 flex flex-wrap gap-3 text-sm">
            {socialLinks.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-block rounded-full border border-brand-100/40 px-3 py-1 hover:bg-white hover:text-brand-900"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <LegalStrip settings={useShopSettings()} />
      <p className="border-t border-white/10 py-4 text-center text-xs text-brand-100/70">
        © {new Date().getFullYear()} Lacebloom. Prices in Indian rupees, inclusive of GST.
      </p>
    </footer>
  );
}

/**
 * Who sells here, as India's e-commerce rules ask every page to say: the legal name, registered
 * address, GSTIN (and CIN), customer care and the grievance officer. Rendered on the server from
 * the owner's settings, so it costs no request and moves nothing after the page shows.
 */
function LegalStrip({ settings }: { settings: PublicShopSettings | null }) {
  if (!settings) return null;
  const officer = settings.grievanceOfficer;
  const link = 'underline underline-offset-2 hover:text-white';
  return (
    <section
      aria-label="Seller details"
      className="border-t border-white/10 text-xs leading-relaxed text-brand-100/80"
    >
      <div className="mx-auto grid max-w-7xl gap-4 px-4 py-6 md:grid-cols-3">
        <p>
          <span className="font-semibold text-brand-50">{settings.legalName}</span>
          <br />
          Registered office: {registeredAddress(settings)}
          {settings.gstin ? (
            <>
              <br />
              GSTIN: {settings.gstin}
            </>
          ) : null}
          {settings.cin ? (
            <>
              <br />
              CIN: {settings.cin}
            </>
          ) : null}
        </p>
        <p>
          <span className="font-semibold text-brand-50">Customer care</span>
          <br />
          <a className={link} href={`mailto:${settings.support.email}`}>
            {settings.support.email}
          </a>{' '}
          ·{' '}
          <a className={link} href={phoneHref(settings.support.phone)}>
            {phoneDisplay(settings.support.phone)}
          </a>
          <br />
          {settings.businessHours}
        </p>
        <p>
          <span className="font-semibold text-brand-50">Grievance Officer</span>
          <br />
          {officer.name}, {officer.designation}
          <br />
          <a className={link} href={`mailto:${officer.email}`}>
            {officer.email}
          </a>{' '}
          ·{' '}
          <a className={link} href={phoneHref(officer.phone)}>
            {phoneDisplay(officer.phone)}
          </a>
          <br />
          <Link className={link} to="/grievance">
            File a grievance
          </Link>{' '}
          ·{' '}
          <Link className={link} to="/grievance/status">
            Check a grievance
          </Link>
        </p>
      </div>
    </section>
  );
}
