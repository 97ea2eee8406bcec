import type { Banner } from '@shop/contracts/content';
import { useEffect, useState, type ReactNode } from 'react';
import { preload } from 'react-dom';
import { Link } from 'react-router';
import { mediaSrcSet, mediaUrl } from '../../lib/media';
import { ResponsiveImage } from '../responsive-image';
import { bannerHref } from './banner-link';
import { BANNER_INTERVAL_MS, nextIndex, previousIndex } from './carousel-logic';
import type { Loaded } from './home-data';
import { ChevronLeftIcon, ChevronRightIcon } from '../layout/icons';
import { useInteractionPause } from './use-interaction-pause';
import { MOBILE_QUERY, REDUCED_MOTION_QUERY, useMediaQuery } from './use-media-query';

type Variant = 'desktop' | 'mobile';

const variants = {
  desktop: {
    widths: [600, 1200, 1920],
    width: 1920,
    height: 680,
    // The desktop slider is 580 px high, 680 px on large screens.
    box: 'h-[580px] lg:h-[680px]',
    // The other variant's media: the first slide's <picture> names both (see FirstBannerImage).
    otherMedia: '(max-width: 768px)',
    // The seeded banners are 1920x680 with message and artwork inside the central 1200 px;
    // below 1920 px wide the fixed height crops the sides, which only hold background.
    fit: 'object-cover object-center',
  },
  mobile: {
    widths: [400, 800],
    width: 800,
    height: 1000,
    // Mobile banners are 4:5; the height follows the width, up to 580 px.
    box: 'aspect-[4/5] max-h-[580px]',
    otherMedia: '(min-width: 769px)',
    // Once the 580 px cap bites (tablets), the headline at the top stays in view.
    fit: 'object-cover object-top',
  },
} as const;

/**
 * Preloads the first banner of each slider, each limited to the widths where that slider shows.
 * With fetchPriority high, React writes these at the top of <head>, before the stylesheet and the
 * scripts, so the LCP image is requested first. They pick from the same srcset and sizes as
 * FirstBannerImage, so the browser reuses the file.
 */
function preloadFirstBanner(variant: Variant, src: string | undefined) {
  const srcSet = src ? mediaSrcSet(src, variants[variant].widths) : undefined;
  if (!src || !srcSet) return;
  preload(mediaUrl(src, variants[variant].width), {
    as: 'image',
    imageSrcSet: srcSet,
    imageSizes: '100vw',
    fetchPriority: 'high',
    media: variants[variant === 'desktop' ? 'mobile' : 'desktop'].otherMedia,
  });
}

/** 'Desktop: Sleep edit' → 'Sleep edit': the label says which slider it was made for. */
const bannerAlt = (banner: Banner) => banner.name.replace(/^(desktop|mobile)\s*:\s*/i, '');

function BannerLink({ banner, children }: { banner: Banner; children: ReactNode }) {
  const { href, external } = bannerHref(banner.link);
  const className = 'block h-full w-full focus-visible:outline-offset-[-4px]';
  if (external) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
        {children}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <Link to={href} className={className}>
      {children}
    </Link>
  );
}

interface FirstImageProps {
  variant: Variant;
  banner: Banner;
  /** The other slider's first image. */
  otherSrc: string | undefined;
}

/**
 * The LCP image. Both sliders are in the HTML and CSS hides one, but a hidden eager image is
 * still downloaded; so each first slide is a <picture> that resolves, at the other slider's
 * widths, to the other slider's first image: both elements then ask for the very same URL and
 * the browser downloads it once.
 */
function FirstBannerImage({ variant, banner, otherSrc }: FirstImageProps) {
  const own = variants[variant];
  const other = variants[variant === 'desktop' ? 'mobile' : 'desktop'];
  const otherSrcSet = otherSrc ? mediaSrcSet(otherSrc, other.widths) : undefined;
  return (
    <picture>
      {otherSrcSet && <source media={own.otherMedia} srcSet={otherSrcSet} sizes="100vw" />}
      <ResponsiveImage
        src={banner.imageUrl}
        alt={bannerAlt(banner)}
        width={own.width}
        height={own.height}
        widths={own.widths}
        sizes="100vw"
        priority
        className={`h-full w-full ${own.fit}`}
      />
    </picture>
  );
}

function BannerMessage({ variant, children }: { variant: Variant; children: ReactNode }) {
  return (
    <div
      className={`flex w-full items-center justify-center bg-blush px-6 text-center text-muted ${variants[variant].box}`}
      role="status"
    >
      {children}
    </div>
  );
}

interface BannerSliderProps {
  variant: Variant;
  /** undefined while loading. */
  state: Loaded<Banner[]> | undefined;
  otherFirstSrc: string | undefined;
}

/** One banner at a time, cross-fading over 1 s; arrows, dots and a 5 s auto-advance that wraps. */
export function BannerSlider({ variant, state, otherFirstSrc }: BannerSliderProps) {
  const banners = state?.ok ? state.data : [];
  const count = banners.length;
  const [current, setCurrent] = useState(0);
  const pause = useInteractionPause();
  // Slides after the first get their images once the page has loaded, so they never compete
  // with the first banner (the LCP image) for the network.
  const [restReady, setRestReady] = useState(false);
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  // null until hydrated: only the slider CSS shows runs a timer.
  const shown = isMobile !== null && isMobile === (variant === 'mobile');
  const index = count > 0 ? current % count : 0;

  useEffect(() => {
    const reveal = () => setRestReady(true);
    if (document.readyState === 'complete') {
      const timer = window.setTimeout(reveal, 0);
      return () => window.clearTimeout(timer);
    }
    window.addEventListener('load', reveal, { once: true });
    return () => window.removeEventListener('load', reveal);
  }, []);

  useEffect(() => {
    if (!shown || reducedMotion !== false || pause.paused || count < 2) return;
    // Re-armed on every slide change, so a manual move also gets a full 5 s.
    const timer = window.setTimeout(
      () => setCurrent((value) => nextIndex(value % count, count)),
      BANNER_INTERVAL_MS,
    );
    return () => window.clearTimeout(timer);
  }, [shown, reducedMotion, pause.paused, count, index]);

  if (state === undefined)
    return <BannerMessage variant={variant}>Loading banners...</BannerMessage>;
  if (!state.ok) {
    return <BannerMessage variant={variant}>Error loading banners: {state.error}</BannerMessage>;
  }
  if (count === 0) return <BannerMessage variant={variant}>No banners available</BannerMessage>;

  const config = variants[variant];
  const controlButton =
    'absolute top-1/2 z-20 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/85 text-ink shadow-md transition hover:bg-white';

  return (
    <div
      className={`relative w-full overflow-hidden bg-blush ${config.box}`}
      data-testid={`banner-slider-${variant}`}
      data-current={index}
      {...pause.handlers}
    >
      {banners.map((banner, slide) => {
        const active = slide === index;
        return (
          <div
            key={banner._id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${slide + 1} of ${count}`}
            inert={!active}
            data-active={active}
            // A true cross-fade: the new slide fades in over 1 s on top, and the old one stays
            // opaque underneath until then, so the background never shows through.
            className={`absolute inset-0 transition-opacity ease-in-out ${active ? 'z-10 opacity-100 duration-1000' : 'opacity-0 delay-1000 duration-0'}`}
          >
            <BannerLink banner={banner}>
              {slide === 0 ? (
                <FirstBannerImage variant={variant} banner={banner} otherSrc={otherFirstSrc} />
              ) : restReady ? (
                <ResponsiveImage
                  src={banner.imageUrl}
                  alt={bannerAlt(banner)}
                  width={config.width}
                  height={config.height}
                  widths={config.widths}
                  sizes="100vw"
                  className={`h-full w-full ${config.fit}`}
                />
              ) : (
                <span className="sr-only">{bannerAlt(banner)}</span>
              )}
            </BannerLink>
          </div>
        );
      })}

      {count > 1 && (
        <>
          <button
            type="button"
            className={`${controlButton} left-3 md:left-5`}
            aria-label="Previous banner"
            onClick={() => setCurrent(previousIndex(index, count))}
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className={`${controlButton} right-3 md:right-5`}
            aria-label="Next banner"
            onClick={() => setCurrent(nextIndex(index, count))}
          >
            <ChevronRightIcon />
          </button>
          <div className="absolute inset-x-0 bottom-3 z-20 flex justify-center gap-1">
            {banners.map((banner, slide) => (
              <button
                key={banner._id}
                type="button"
                className="group flex h-6 w-6 items-center justify-center"
                aria-label={`Show banner ${slide + 1}`}
                aria-current={slide === index ? 'true' : undefined}
                onClick={() => setCurrent(slide)}
              >
                <span
                  className={`block h-2.5 rounded-full shadow ring-1 ring-black/20 transition-all ${slide === index ? 'w-6 bg-white' : 'w-2.5 bg-white/60 group-hover:bg-white'}`}
                />
              </button>
            ))}
          </div>
        </>
      )}
    </div>
  );
}

interface BannerSectionProps {
  desktop: Loaded<Banner[]> | undefined;
  mobile: Loaded<Banner[]> | undefined;
}

/**
 * Desktop banners above 768 px, mobile banners at 768 px or below. Both are rendered and CSS
 * shows one, so the server's HTML is right at every width and nothing shifts on hydration.
 */
export function BannerSection({ desktop, mobile }: BannerSectionProps) {
  const desktopFirst = desktop?.ok ? desktop.data[0]?.imageUrl : undefined;
  const mobileFirst = mobile?.ok ? mobile.data[0]?.imageUrl : undefined;
  preloadFirstBanner('desktop', desktopFirst);
  preloadFirstBanner('mobile', mobileFirst);
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Offers and collections"
      data-section="banners"
    >
      <div className="max-[769px]:hidden" data-testid="desktop-banners">
        <BannerSlider variant="desktop" state={desktop} otherFirstSrc={mobileFirst} />
      </div>
      <div className="min-[769px]:hidden" data-testid="mobile-banners">
        <BannerSlider variant="mobile" state={mobile} otherFirstSrc={desktopFirst} />
      </div>
    </section>
  );
}
