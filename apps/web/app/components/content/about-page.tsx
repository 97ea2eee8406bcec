import { Link } from 'react-router';
import { ChatIcon, SparkleIcon, TapeIcon } from './content-icons';
import { PageHero } from './page-hero';

/** The three services the about page offers. */
const services = [
  {
    title: 'Size Guide & Fitting Help',
    Icon: TapeIcon,
    text: 'Every product has a detailed size chart, and our fit specialists will help you find your size on a call, by email or from a photo of your current bra label. Unsure between two sizes? Ask us before you order.',
    link: { to: '/faq', label: 'Read our sizing FAQ' },
  },
  {
    title: 'Premium Quality Products',
    Icon: SparkleIcon,
    text: 'Skin-friendly cotton, modal and soft lace, nickel-free hooks and elastics tested wash after wash. Each piece is checked by hand in Bengaluru before it is packed for you.',
    link: { to: '/products', label: 'Shop the collection' },
  },
  {
    title: 'Customer Support',
    Icon: ChatIcon,
    text: 'A real team, {hours}, answering every email within 24 hours. Exchanges within 3 days of delivery, free shipping and discreet packaging on every order.',
    link: { to: '/contact', label: 'Get in touch' },
  },
] as const;

const values = [
  { figure: '32B–40D', label: 'bra sizes, plus XS–XXL' },
  { figure: '3-day', label: 'easy exchange window' },
  { figure: 'Free', label: 'shipping across India' },
  { figure: '24 hr', label: 'email reply time' },
];

/** `businessHours`: the settings' hours ('Mon-Sat 10 AM-7 PM, Sunday closed'). */
export function AboutPage({ businessHours }: { businessHours: string | undefined }) {
  // Without the settings (the root's error page) the sentence simply leaves the hours out.
  const withHours = (text: string) =>
    text.replace(/,? \{hours\},?/, businessHours ? ` (${businessHours}),` : '');
  return (
    <>
      <PageHero eyebrow="Our story" title="Lingerie made for real Indian women">
        <p>
          Lacebloom began with a simple idea: every woman deserves innerwear that fits well, feels
          soft against her skin and makes her feel good, at a price that makes sense.
        </p>
      </PageHero>

      <div className="mx-auto max-w-6xl px-4">
        <section
          aria-labelledby="mission-title"
          className="grid gap-8 py-14 md:grid-cols-2 md:py-20"
        >
          <div>
            <p className="text-xs font-semibold uppercase tracking-[0.2em] text-brand-700">
              Our mission
            </p>
            <h2 id="mission-title" className="mt-2 font-serif text-3xl leading-snug md:text-4xl">
              Comfort and confidence, in your size
            </h2>
          </div>
          <div className="space-y-4 text-lg leading-relaxed text-ink/90">
            <p>
              Too many of us have made do with bras that dig in, ride up or simply do not come in
              our size. Our mission is to change that: to make beautifully made lingerie, sleepwear
              and essentials in an inclusive size range, and to help every customer find her true
              fit.
            </p>
            <p>
              We design for Indian bodies and Indian weather: breathable fabrics for humid summers,
              soft linings for long workdays and pieces that sit invisibly under a kurta or a saree
              blouse.
            </p>
          </div>
        </section>

        <section
          aria-labelledby="story-title"
          className="grid gap-10 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-line md:grid-cols-[1.2fr_1fr] md:p-12"
        >
          <div>
            <p className="text-xs font-semibold uppercase tracking-[0.2em] text-brand-700">
              How it started
            </p>
            <h2 id="story-title" className="mt-2 font-serif text-3xl leading-snug">
              From a Bengaluru studio to doorsteps across India
            </h2>
            <div className="mt-5 space-y-4 leading-relaxed text-ink/90">
              <p>
                Lacebloom was started in 2021 by two friends in Bengaluru after one too many
                frustrating fitting-room visits. One had spent a decade in garment sourcing, the
                other in retail; both were tired of being told that their size was &ldquo;not
                available&rdquo;.
              </p>
              <p>
                We began with six bras, sewn in small batches by a women-led workshop in Tiruppur,
                and a size guide written from hundreds of conversations with our first customers.
                Today our collections include bras, panties, sleepwear, apparel and beauty, and we
                still read every piece of feedback.
              </p>
            </div>
          </div>
          <ul className="grid grid-cols-2 gap-3 self-center sm:gap-4">
            {values.map((value) => (
              <li key={value.label} className="rounded-2xl bg-blush px-3 py-5 text-center sm:px-5">
                <p className="whitespace-nowrap font-serif text-2xl text-brand-800 sm:text-3xl">
                  {value.figure}
                </p>
                <p className="mt-1 text-sm text-muted">{value.label}</p>
              </li>
            ))}
          </ul>
        </section>

        <section
          aria-labelledby="philosophy-title"
          className="mx-auto max-w-3xl py-14 text-center md:py-20"
        >
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-brand-700">
            Our philosophy
          </p>
          <h2 id="philosophy-title" className="mt-2 font-serif text-3xl leading-snug md:text-4xl">
            Fit first. Kind to skin. Made to last.
          </h2>
          <p className="mt-5 text-lg leading-relaxed text-ink/90">
            We believe lingerie should work for you, not the other way round. That means choosing
            fabrics for how they feel after eight hours, not just on the hanger; making fewer,
            better pieces rather than chasing trends; and being honest about sizing, materials and
            care so you can buy with confidence.
          </p>
          <blockquote className="mx-auto mt-8 max-w-xl border-l-4 border-brand-400 bg-blush px-6 py-4 text-left font-serif text-xl italic text-brand-900">
            &ldquo;When the fit is right, you stop thinking about what you are wearing and start
            enjoying your day.&rdquo;
          </blockquote>
        </section>

        <section aria-labelledby="services-title" className="pb-6">
          <div className="text-center">
            <p className="text-xs font-semibold uppercase tracking-[0.2em] text-brand-700">
              What we offer
            </p>
            <h2 id="services-title" className="mt-2 font-serif text-3xl leading-snug md:text-4xl">
              Our services
            </h2>
          </div>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {services.map(({ title, Icon, text, link }) => (
              <li
                key={title}
                className="flex flex-col rounded-3xl border border-line bg-white p-7 shadow-sm"
              >
                <span className="grid h-12 w-12 place-items-center rounded-full bg-brand-100 text-brand-700">
                  <Icon />
                </span>
                <h3 className="mt-5 font-serif text-xl">{title}</h3>
                <p className="mt-3 flex-1 leading-relaxed text-muted">{withHours(text)}</p>
                <Link
                  to={link.to}
                  className="mt-5 inline-flex items-center font-medium text-brand-700 underline-offset-4 hover:underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
