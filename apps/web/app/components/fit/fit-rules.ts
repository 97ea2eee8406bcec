// The fit rules the browser runs (the finder, her size in a chart, the chart grid's checks) and
// their contract, imported by the web app from here only. The account's contract is reached from
// here too: it names her size, so the bundler keeps the fit rules in the account contract's chunk
// (which the shell's lazy answers already load) instead of adding chunks that every page's
// preload map would list — the home page has no bytes to spare.
export { profileUpdateSchema } from '@shop/contracts/auth';
export {
  adminSizeChartResponse,
  braSizeFinderInput,
  braSizeFinderResponse,
  sizeChartInput,
  sizeChartListResponse,
  sizeChartResponse,
  toSizeChartData,
} from '@shop/contracts/fit';
export {
  braSisterSizes,
  inchesOf,
  parseBraSize,
  splitBraSize,
  validateSizeChartRows,
} from '@shop/domain/size-charts';
export { findBraSize } from '@shop/domain/size-finder';
