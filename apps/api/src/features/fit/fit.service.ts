import type { BraSizeFinderAnswer, BraSizeFinderRequest } from '@shop/contracts/fit';
import { fitMessages } from '@shop/contracts/fit';
import type { Product } from '@shop/contracts/catalogue';
import { invalidField, notFound } from '@shop/domain/errors';
import { parseBraSize, type SizeChartData } from '@shop/domain/size-charts';
import { findBraSize } from '@shop/domain/size-finder';

/** What the finder reads of the catalogue: a product's answer (its chart, colours and stock). */
export interface FinderCatalogue {
  getProduct(id: string): Promise<{ value: Product }>;
}

/** What the finder reads of the size charts. */
export interface FinderCharts {
  chart(id: string): Promise<SizeChartData | null>;
  defaultBraChart(): Promise<SizeChartData | null>;
}

/**
 * `POST /fit/bra-size`: the domain's finder on the product's own chart (else the shop's default
 * bra chart), with the stock of the answer and its sister sizes in the chosen colour. Without a
 * colour the stock is the product's across all its colours; without a product there is no stock.
 */
export function createFitService(deps: { catalogue: FinderCatalogue; charts: FinderCharts }) {
  return {
    async findBraSize(request: BraSizeFinderRequest): Promise<BraSizeFinderAnswer> {
      const { productId, colorName, ...input } = request;
      const product = productId ? (await deps.catalogue.getProduct(productId)).value : null;
      let chart: SizeChartData | null = null;
      if (product?.sizeChartId) {
        chart = await deps.charts.chart(product.sizeChartId);
        if (chart && chart.kind !== 'bra') throw invalidField('productId', fitMessages.notBraChart);
      }
      chart ??= await deps.charts.defaultBraChart();
      if (!chart) throw notFound(fitMessages.noDefaultChart);

      const found = findBraSize(chart, input);
      const stock: Record<string, number> = {};
      if (product) {
        const wanted = colorName?.toLowerCase();
        const colours = wanted
          ? product.colors.filter((colour) => colour.colorName.toLowerCase() === wanted)
          : product.colors;
        if (wanted && colours.length === 0) {
          throw invalidField('colorName', fitMessages.colorNotFound);
        }
        // The product's sizes read in its chart, so '34 DDD' on the product is the chart's 34DDD.
        const unitsBySize = new Map<string, number>();
        for (const colour of colours) {
          for (const entry of colour.sizeStock) {
            const size = parseBraSize(chart, entry.size)?.size ?? entry.size;
            unitsBySize.set(size, (unitsBySize.get(size) ?? 0) + entry.stock);
          }
        }
        for (const size of [found.size, ...found.sisterSizes]) {
          stock[size] = unitsBySize.get(size) ?? 0;
        }
      }
      return { ...found, stock };
    },
  };
}

export type FitService = ReturnType<typeof createFitService>;
