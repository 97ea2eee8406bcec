import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  ArrowRightIcon,
  ClockIcon,
  FacebookIcon,
  InstagramIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  PinterestIcon,
  YoutubeIcon,
} from './content-icons';
import { ContactForm } from './contact-form';
import { PageHero } from './page-hero';
import { EMAIL_RESPONSE, socialProfiles, type ContactDetails } from './shop-details';

const socialIcons = {
  Instagram: InstagramIcon,
  Facebook: FacebookIcon,
  Pinterest: PinterestIcon,
  YouTube: YoutubeIcon,
} as const;

/** The quick-help links: the FAQ twice and the exchange policy at /return-policy. */
const quickHelp = [
  { to: '/faq', label: 'Sizing help', text: 'Find your size and fit' },
  { to: '/faq', label: 'Order questions', text: 'Payments, delivery and tracking' },
  { to: '/return-policy', label: 'Exchanges & refunds', text: 'Our 3-day exchange policy' },
];

function InfoCard({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="rounded-3xl border border-line bg-white p-6 shadow-sm">
      <span className="grid h-11 w-11 place-items-center rounded-full bg-brand-100 text-brand-700">
        {icon}
      </span>
      <h3 className="mt-4 font-semibold text-ink">{title}</h3>
      <div className="mt-1.5 space-y-0.5 text-[0.9375rem] leading-relaxed text-muted">
        {children}
      </div>
    </li>
  );
}

/** `contact`: from the owner's settings (their first values when they could not be read). */
export function ContactPage({ contact }: { contact: ContactDetails }) {
  return (
    <>
      <PageHero eyebrow="Contact us" title="Get in Touch">
        <p>
          Questions about sizing, an order or an exchange? Our care team in Bengaluru is happy to
          help.
        </p>
      </PageHero>

      <div className="mx-auto max-w-7xl px-4">
        <section aria-labelledby="contact-details-title" className="py-10 md:py-14">
          <h2 id="contact-details-title" className="sr-only">
            Contact details
          </h2>
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            <InfoCard icon={<MailIcon />} title="Email us">
              <p>
                <a
                  href={`mailto:${contact.email}`}
                  className="font-medium text-brand-700 underline-offset-4 hover:underline"
                >
                  {contact.email}
                </a>
              </p>
              <p>{EMAIL_RESPONSE}</p>
            </InfoCard>
            <InfoCard icon={<PhoneIcon />} title="Call us">
              <p>
                <a
                  href={contact.phoneHref}
                  className="font-medium text-brand-700 underline-offset-4 hover:underline"
                >
                  {contact.phoneDisplay}
                </a>
              </p>
              {contact.whatsapp ? <p>WhatsApp {contact.whatsapp}</p> : null}
              <p>{contact.hoursLines[0]}</p>
            </InfoCard>
            <InfoCard icon={<MapPinIcon />} title="Visit us">
              <address className="not-italic">
                {contact.addressLines.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            </InfoCard>
            <InfoCard icon={<ClockIcon />} title="Business hours">
              {contact.hoursLines.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </InfoCard>
          </ul>
        </section>

        <div className="grid gap-8 lg:grid-cols-[1.7fr_1fr]">
          <section className="rounded-3xl border border-line bg-white p-6 shadow-sm md:p-10">
            <ContactForm />
          </section>

          <div className="space-y-8">
            <section
              aria-labelledby="quick-help-title"
              className="rounded-3xl bg-brand-900 p-7 text-brand-50"
            >
              <h2 id="quick-help-title" className="font-serif text-2xl text-white">
                Quick help
              </h2>
              <p className="mt-2 text-sm text-brand-100">Many answers are just a tap away.</p>
              <ul className="mt-5 space-y-2">
                {quickHelp.map((item) => (
                  <li key={item.label}>
                    <Link
                      to={item.to}
                      className="group flex items-center justify-between gap-3 rounded-2xl bg-white/10 px-4 py-3 hover:bg-white/20"
                    >
                      <span>
                        <span className="block font-semibold text-white">{item.label}</span>
                        <span className="block text-sm text-brand-100">{item.text}</span>
                      </span>
                      <ArrowRightIcon className="h-5 w-5 shrink-0 transition-transform group-hover:translate-x-1" />
                    </Link>
                  </li>
                ))}
              </ul>
            </section>

            <section
              aria-labelledby="follow-title"
              className="rounded-3xl border border-line bg-white p-7 shadow-sm"
            >
              <h2 id="follow-title" className="font-serif text-2xl">
                Follow us
              </h2>
              <p className="mt-2 text-sm text-muted">
                New arrivals, fit tips and behind-the-scenes from our studio.
              </p>
              <ul className="mt-5 flex gap-3">
                {socialProfiles.map((profile) => {
                  const Icon = socialIcons[profile.name];
                  return (
                    <li key={profile.name}>
                      <a
                        href={profile.href}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={`Lacebloom on ${profile.name} (opens in a new tab)`}
                        className="grid h-11 w-11 place-items-center rounded-full border border-line text-brand-700 transition hover:border-brand-600 hover:bg-brand-600 hover:text-white"
                      >
                        <Icon />
                      </a>
                    </li>
                  );
                })}
              </ul>
            </section>
          </div>
        </div>

        <section aria-labelledby="find-us-title" className="py-12 md:py-16">
          <h2 id="find-us-title" className="text-center font-serif text-3xl">
            Find Us Here
          </h2>
          <div className="mt-6 grid min-h-64 place-items-center rounded-3xl border-2 border-dashed border-brand-200 bg-gradient-to-br from-blush to-brand-50 p-8 text-center">
            <div>
              <MapPinIcon className="mx-auto h-10 w-10 text-brand-600" />
              <p className="mt-3 font-semibold text-ink">Map integration coming soon</p>
              <p className="mt-1 text-sm text-muted">{contact.addressLines.slice(1).join(', ')}</p>
            </div>
          </div>
        </section>
      </div>
    </>
  );
}
