import { useState, type CSSProperties, type MouseEvent } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, RulerIcon } from '../layout/icons';
import { ResponsiveImage } from '../responsive-image';
import { SizeChartDialog } from './size-chart-dialog';

/** The gallery shows four thumbnails; hovering the main picture (desktop) zooms it 1.25 times. */
export const GALLERY_THUMBNAILS = 4;
export const GALLERY_ZOOM = 1.25;

interface ProductGalleryProps {
  /** The chosen colour's pictures, else the product's. */
  images: string[];
  /** Each image's alt text as the owner wrote it, in the order of `images`. */
  alts?: string[] | undefined;
  /** The product and colour, for a picture without alt text of its own. */
  productName: string;
  sizeChartImage?: string | null;
  /** The chart whose table the overlay shows beside its picture. */
  sizeChartId?: string | null | undefined;
}

const arrowButton =
  'absolute top-1/2 z-10 grid h-10 w-10 -translate-y-1/2 place-items-center rounded-full bg-white/85 text-ink shadow-md transition hover:bg-white';

/**
 * Main image with previous and next arrows (wrapping round), up to four thumbnails with a '+N'
 * tile when there are more pictures, hover zoom on desktop, and the size chart.
 */
export function ProductGallery({
  images,
  alts,
  productName,
  sizeChartImage,
  sizeChartId,
}: ProductGalleryProps) {
  const [active, setActive] = useState(0);
  const [zoomOrigin, setZoomOrigin] = useState('50% 50%');
  const [chartOpen, setChartOpen] = useState(false);
  const count = images.length;
  const index = count > 0 ? Math.min(active, count - 1) : 0;
  const show = (next: number) => setActive(count > 0 ? (next + count) % count : 0);
  const hiddenCount = Math.max(0, count - GALLERY_THUMBNAILS);

  // The zoom follows the pointer so the shopper can inspect lace and seams.
  const followPointer = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * 100;
    const y = ((event.clientY - box.top) / box.height) * 100;
    setZoomOrigin(`${x.toFixed(1)}% ${y.toFixed(1)}%`);
  };

  return (
    <div className={`grid gap-3 lg:gap-4 ${count > 1 ? 'lg:grid-cols-[88px_auto]' : ''}`}>
      <div
        className="group relative mx-auto aspect-[3/4] w-full max-w-xl overflow-hidden rounded-xl bg-blush lg:aspect-auto lg:h-[560px] lg:w-[420px] xl:h-[690px] xl:w-[518px]"
        onMouseMove={followPointer}
        data-testid="gallery-main"
      >
        <ResponsiveImage
          src={images[index] ?? ''}
          alt={
            alts?.[index] ||
            (count > 1 ? `${productName}, image ${index + 1} of ${count}` : productName)
          }
          width={600}
          height={800}
          widths={[400, 800, 1200]}
          sizes="(min-width: 1280px) 518px, (min-width: 1024px) 420px, (min-width: 576px) 576px, 100vw"
          priority
          style={{ '--zoom': GALLERY_ZOOM, transformOrigin: zoomOrigin } as CSSProperties}
          className="h-full w-full object-cover transition-transform duration-300 ease-out lg:group-hover:scale-(--zoom)"
          data-testid="gallery-image"
        />
        {count > 1 && (
          <>
            <button
              type="button"
              onClick={() => show(index - 1)}
              aria-label="Previous image"
              className={`${arrowButton} left-3`}
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              onClick={() => show(index + 1)}
              aria-label="Next image"
              className={`${arrowButton} right-3`}
            >
              <ChevronRightIcon />
            </button>
            <span
              className="absolute bottom-3 right-3 rounded-full bg-ink/70 px-2.5 py-0.5 text-xs text-white"
              data-testid="gallery-position"
            >
              {index + 1} / {count}
            </span>
          </>
        )}
        {sizeChartImage && (
          <button
            type="button"
            onClick={() => setChartOpen(true)}
            className="absolute bottom-3 left-3 z-10 inline-flex items-center gap-1.5 rounded-full bg-white/90 px-3 py-1.5 text-sm font-medium text-ink shadow-md hover:bg-white"
          >
            <RulerIcon width={18} height={18} />
            Size Chart
          </button>
        )}
      </div>

      {count > 1 && (
        <ul
          className="mx-auto grid w-full max-w-xl grid-cols-4 gap-2 lg:order-first lg:flex lg:max-w-none lg:flex-col lg:gap-3"
          aria-label="Product images"
        >
          {images.slice(0, GALLERY_THUMBNAILS).map((src, thumbIndex) => {
            const moreTile = thumbIndex === GALLERY_THUMBNAILS - 1 && hiddenCount > 0;
            // The '+N' tile stands for itself and every picture after it.
            const current = moreTile ? index >= thumbIndex : index === thumbIndex;
            return (
              <li key={`${src}-${thumbIndex}`}>
                <button
                  type="button"
                  onClick={() => show(thumbIndex)}
                  aria-label={`Show image ${thumbIndex + 1} of ${count}${moreTile ? ` (${hiddenCount} more)` : ''}`}
                  aria-current={current ? 'true' : undefined}
                  className={`relative block aspect-[3/4] w-full overflow-hidden rounded-lg border-2 bg-blush transition ${
                    current ? 'border-brand-600' : 'border-transparent hover:border-brand-200'
                  }`}
                  data-testid="gallery-thumbnail"
                >
                  <ResponsiveImage
                    src={src}
                    alt=""
                    width={150}
                    height={200}
                    widths={[150]}
                    sizes="88px"
                    className="h-full w-full object-cover"
                  />
                  {moreTile && (
                    <span
                      className="absolute inset-0 grid place-items-center bg-ink/55 text-lg font-semibold text-white"
                      data-testid="gallery-more"
                    >
                      +{hiddenCount}
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}

      {sizeChartImage && (
        <SizeChartDialog
          open={chartOpen}
          image={sizeChartImage}
          chartId={sizeChartId}
          productName={productName}
          onClose={() => setChartOpen(false)}
        />
      )}
    </div>
  );
}
