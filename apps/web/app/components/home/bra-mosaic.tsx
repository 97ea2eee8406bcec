import { Link } from 'react-router';
import { ResponsiveImage } from '../responsive-image';
import { scrollToTopSmoothly } from './hero';
import { MOSAIC_IMAGE_COUNT, type MosaicImage } from './home-data';

/**
 * Where each of the 7 tiles sits. Phone: 3 columns by 2 rows (the 7th is hidden). Tablet: a row
 * of 4 over a row of 3. Desktop: a tall first tile beside 3 columns by 2 rows.
 */
function tileClass(index: number): string {
  const phone = index === 6 ? 'hidden md:block' : '';
  const tablet = index < 4 ? 'md:col-span-3' : 'md:col-span-4';
  const desktop = index === 0 ? 'lg:col-span-1 lg:row-span-2' : 'lg:col-span-1';
  const shape = index === 0 ? 'aspect-[3/4] lg:aspect-auto' : 'aspect-[3/4] lg:aspect-[4/5]';
  return `${phone} ${tablet} ${desktop} ${shape}`;
}

/** 'FIND YOUR PERFECT FIT': bra images in a mosaic and a SHOP NOW into the bras listing. */
export function BraMosaic({ images }: { images: MosaicImage[] }) {
  const tiles = Array.from({ length: MOSAIC_IMAGE_COUNT }, (_, index) => images[index]);
  return (
    <section className="bg-blush" aria-labelledby="fit-heading" data-section="mosaic">
      <div className="mx-auto max-w-7xl px-4 py-12 md:py-16">
        <div className="flex flex-col items-center gap-4 text-center md:flex-row md:justify-between md:text-left">
          <div>
            <h2 id="fit-heading" className="font-serif text-2xl tracking-wide text-ink md:text-4xl">
              FIND YOUR PERFECT FIT
            </h2>
            <p className="mt-2 max-w-xl text-muted">
              T-shirt, padded, sports or lace: bras in band sizes 32 to 40 and cups B to DD, with a
              size chart on every style.
            </p>
          </div>
          <Link
            to="/products/bras"
            onClick={scrollToTopSmoothly}
            className="shrink-0 rounded-full bg-brand-700 px-7 py-3 text-sm font-semibold tracking-widest text-white transition hover:bg-brand-800"
          >
            SHOP NOW
          </Link>
        </div>
        <ul
          className="mt-8 grid grid-cols-3 gap-2 md:grid-cols-12 md:gap-3 lg:grid-flow-col lg:grid-cols-4 lg:grid-rows-2 lg:gap-4"
          data-testid="mosaic"
        >
          {tiles.map((image, index) => (
            <li
              key={index}
              className={`overflow-hidden rounded-lg bg-white ${tileClass(index)}`}
              data-testid="mosaic-tile"
            >
              {image && (
                <ResponsiveImage
                  src={image.src}
                  alt={image.alt}
                  width={600}
                  height={800}
                  widths={[200, 400, 600]}
                  sizes={
                    index === 0
                      ? '(min-width: 1024px) 25vw, (min-width: 768px) 25vw, 33vw'
                      : '(min-width: 1024px) 25vw, (min-width: 768px) 33vw, 33vw'
                  }
                  className="h-full w-full object-cover"
                />
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
