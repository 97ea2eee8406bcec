import { Link } from 'react-router';
import type { PublicShopSettings } from '@shop/contracts/shop-settings';
import { phoneDisplay, phoneHref, registeredAddress } from '../../lib/shop-legal';
import { PageHero } from '../content/page-hero';
import { proseClasses } from '../content/prose';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-line py-3 last:border-0 sm:grid-cols-[14rem_1fr]">
      <dt className="font-semibold text-ink">{label}</dt>
      <dd className="text-ink/90">{children}</dd>
    </div>
  );
}

/**
 * /legal: the seller's details India's Consumer Protection (E-Commerce) Rules, 2020 ask a shop
 * to show, from the owner's settings, and how a grievance is handled.
 */
export function LegalPage({ settings }: { settings: PublicShopSettings | null }) {
  return (
    <>
      <PageHero eyebrow="Policies" title="Legal Information">
        <p>Who sells to you on this site, and how to reach us or raise a grievance.</p>
      </PageHero>
      <div className="mx-auto max-w-4xl px-4 py-10 md:py-14">
        {settings ? (
          <>
            <section
              aria-labelledby="seller"
              className="rounded-2xl border border-line bg-white p-6 md:p-10"
            >
              <h2 id="seller" className="font-serif text-2xl text-ink">
                The seller
              </h2>
              <dl className="mt-4">
                <Row label="Legal name">{settings.legalName}</Row>
                <Row label="Trading as">{settings.shopName}</Row>
                <Row label="Registered office">{registeredAddress(settings)}</Row>
                <Row label="GSTIN">{settings.gstin || 'Registration pending'}</Row>
                {settings.cin ? <Row label="CIN">{settings.cin}</Row> : null}
                <Row label="Customer care">
                  <a className="text-brand-700 underline" href={`mailto:${settings.support.email}`}>
                    {settings.support.email}
                  </a>{' '}
                  ·{' '}
                  <a className="text-brand-700 underline" href={phoneHref(settings.support.phone)}>
                    {phoneDisplay(settings.support.phone)}
                  </a>{' '}
                  ({settings.businessHours})
                </Row>
              </dl>
            </section>
            <section
              aria-labelledby="grievance-officer"
              className="mt-8 rounded-2xl border border-line bg-white p-6 md:p-10"
            >
              <h2 id="grievance-officer" className="font-serif text-2xl text-ink">
                Grievance Officer
              </h2>
              <dl className="mt-4">
                <Row label="Name">{settings.grievanceOfficer.name}</Row>
                <Row label="Designation">{settings.grievanceOfficer.designation}</Row>
                <Row label="Email">
                  <a
                    className="text-brand-700 underline"
                    href={`mailto:${settings.grievanceOfficer.email}`}
                  >
                    {settings.grievanceOfficer.email}
                  </a>
                </Row>
                <Row label="Phone">
                  <a
                    className="text-brand-700 underline"
                    href={phoneHref(settings.grievanceOfficer.phone)}
                  >
                    {phoneDisplay(settings.grievanceOfficer.phone)}
                  </a>
                </Row>
                <Row label="Address">{registeredAddress(settings)}</Row>
              </dl>
              <div className={`${proseClasses} mt-6`}>
                <p>
                  Every grievance gets a ticket number at once. We acknowledge it within 48 hours
                  and resolve it within one month of receiving it, as the Consumer Protection
                  (E-Commerce) Rules, 2020 require.
                </p>
                <p>
                  <Link to="/grievance">File a grievance</Link> or{' '}
                  <Link to="/grievance/status">check the status of one</Link> with its ticket number
                  and your email.
                </p>
              </div>
            </section>
            <section
              aria-labelledby="declarations"
              className="mt-8 rounded-2xl border border-line bg-white p-6 md:p-10"
            >
              <h2 id="declarations" className="font-serif text-2xl text-ink">
                Prices and product declarations
              </h2>
              <div className={`${proseClasses} mt-4`}>
                <p>
                  Prices are in Indian rupees. The M.R.P. shown on each product is inclusive of all
                  taxes. Each product page states its country of origin, its manufacturer or
                  importer, its generic name and its net quantity.
                </p>
              </div>
            </section>
          </>
        ) : (
          <p role="alert" className="rounded-2xl border border-line bg-white p-6 text-center">
            The seller&apos;s details could not be loaded just now. Please try again in a moment.
          </p>
        )}
      </div>
    </>
  );
}
