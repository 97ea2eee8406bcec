/**
 * How a cart's units are grouped under the live offers: the grouping that leaves the shopper the
 * least to pay, each unit's share of its group's price, the explanation per line, and the
 * suggestion of what is missing for one more group. Pure and deterministic: the same cart and
 * offers always give the same grouping. Amounts in paise; the rule is in docs/decisions/0069.
 */
import { spreadInProportion } from './gst.ts';
import { formatMoney, sumPaise, type Paise } from './money.ts';
import { offerState, type Offer, type OfferNoun } from './offer-definitions.ts';
import { byPriority, isEligibleForOffer, type OfferProduct } from './offer-eligibility.ts';

/** A cart or order line the engine groups: one product, colour and size at one unit price. */
export interface OfferLine extends OfferProduct {
  lineId: string;
  unitPricePaise: Paise;
  quantity: number;
}

/** One unit of a line, the thing the engine groups. */
interface Unit {
  line: number;
  pricePaise: Paise;
}

/** A group of units under one offer, with what it costs and each unit's share of that. */
export interface OfferGroup {
  offerId: string;
  /** Index into the lines given, one entry per unit (dearest first). */
  lineIndexes: number[];
  listPaise: Paise;
  pricePaise: Paise;
  /** Each unit's share of `pricePaise`, in the order of `lineIndexes`; adds up to it exactly. */
  sharesPaise: Paise[];
}

export interface LineOfferResult {
  lineId: string;
  listPaise: Paise;
  /** What the offers take off the line: its units' list prices less their shares. */
  offerDiscountPaise: Paise;
  /** What the line costs after offers (before any code). */
  afterOffersPaise: Paise;
  /** The offer the line's units are grouped under (the first, if under several). */
  offerId: string | null;
  offerLabel: string | null;
  /** Units of the line in groups. */
  groupedUnits: number;
  /** Each unit of the line: the offer it is grouped under (null: none) and what it pays. */
  units: { offerId: string | null; sharePaise: Paise }[];
  /** The line's explanation: '2 of these in 3 for ₹999 (−₹232.00)'; null outside any group. */
  explanation: string | null;
}

export interface AppliedOffer {
  offerId: string;
  label: string;
  /** Units grouped under it. */
  units: number;
  groups: number;
  discountPaise: Paise;
}

export interface OfferSuggestion {
  offerId: string;
  label: string;
  missingUnits: number;
  message: string;
}

export interface OfferApplication {
  groups: OfferGroup[];
  lines: LineOfferResult[];
  applied: AppliedOffer[];
  suggestions: OfferSuggestion[];
  listPaise: Paise;
  discountPaise: Paise;
  totalPaise: Paise;
}

/** Units in one group of the offer. */
export function groupSize(offer: Pick<Offer, 'kind' | 'units' | 'freeUnits'>): number {
  return offer.kind === 'buy_get' ? offer.units + (offer.freeUnits ?? 0) : offer.units;
}

/** Units priced before others: dearer first, then the earlier line (the order never varies). */
const dearerFirst = (a: Unit, b: Unit) => b.pricePaise - a.pricePaise || a.line - b.line;

/**
 * What the shopper saves on a group's units (dearest first): a bundle price saves the units'
 * prices less it; buy_get gives the cheapest M free; nth_percent takes the percentage off the
 * cheapest, rounded half up to the paisa.
 */
function groupSaving(offer: Offer, prices: readonly Paise[]): Paise {
  const list = sumPaise(prices);
  if (offer.kind === 'bundle_price') return list - (offer.bundlePricePaise ?? list);
  if (offer.kind === 'buy_get') return sumPaise(prices.slice(offer.units));
  const cheapest = prices.at(-1) ?? 0;
  return Math.floor((cheapest * (offer.percent ?? 0) + 50) / 100);
}

/**
 * The best `count` groups of one offer from the units available (dearest first), or null when
 * there are not enough. The most a set of groups can save is by taking the dearest units in
 * consecutive runs (a bundle price saves most on the dearest units; a free or discounted unit is
 * the cheapest of its group, so the dearest possible is the one after N dearer ones). Of the
 * groupings that save as much, the shop's rule keeps the dearer units at full price outside the
 * groups: for buy_get and nth_percent each group's paid units are the cheapest ones that are at
 * least its discounted unit's price, filled from the group with the dearest discounted unit down.
 */
function bestGroups(offer: Offer, available: readonly Unit[], count: number): Unit[][] | null {
  const size = groupSize(offer);
  if (count * size > available.length) return null;
  if (count === 0) return [];
  const chunks: Unit[][] = [];
  for (let index = 0; index < count; index += 1) {
    chunks.push(available.slice(index * size, (index + 1) * size));
  }
  if (offer.kind === 'bundle_price') return chunks;
  // The discounted units: the last `discounted` of each consecutive run.
  const paidPerGroup = offer.kind === 'buy_get' ? offer.units : offer.units - 1;
  const discounted = chunks.map((chunk) => chunk.slice(paidPerGroup));
  const taken = new Set<Unit>(discounted.flat());
  const groups: Unit[][] = [];
  for (const free of discounted) {
    const threshold = free[0]!.pricePaise;
    // The cheapest units not yet taken at or above the threshold, cheapest first.
    const candidates = available
      .filter((unit) => !taken.has(unit) && unit.pricePaise >= threshold)
      .reverse()
      .slice(0, paidPerGroup);
    for (const unit of candidates) taken.add(unit);
    groups.push([...candidates].sort(dearerFirst).concat(free));
  }
  return groups;
}

interface Candidate {
  groups: { offer: Offer; units: Unit[] }[];
  savingPaise: Paise;
  /** Units left at full price, dearest first (compared to break ties). */
  outside: Paise[];
}

/** Whether `a` is better for the shopper than `b`: it saves more, or on a tie keeps dearer units out. */
function better(a: Candidate, b: Candidate): boolean {
  if (a.savingPaise !== b.savingPaise) return a.savingPaise > b.savingPaise;
  const length = Math.max(a.outside.length, b.outside.length);
  for (let index = 0; index < length; index += 1) {
    const x = a.outside[index];
    const y = b.outside[index];
    if (x === y) continue;
    if (x === undefined) return false;
    if (y === undefined) return true;
    return x > y;
  }
  return false;
}

/** Beyond this many partial groupings tried, lower-priority offers take as many groups as fit. */
const SEARCH_BUDGET = 20_000;

/**
 * The grouping of a cart's units under the live offers that leaves the least to pay. Each unit is
 * in at most one group. The search takes the offers by priority and tries, for each, every number
 * of groups from as many as fit (within its maximum per order) down to none, each time the best
 * such groups of the units left (`bestGroups`), so an offer that would spend units better used by
 * a later one is tried with fewer. Of two groupings that save as much, the one keeping dearer
 * units at full price outside the groups wins, then the one found first (higher-priority offers
 * with more groups); so the result never depends on anything but the cart and the offers.
 */
export function applyOffers(
  offers: readonly Offer[],
  lines: readonly OfferLine[],
  now: Date,
): OfferApplication {
  const live = offers.filter((offer) => offerState(offer, now) === 'active').sort(byPriority);
  const units: Unit[] = lines
    .flatMap((line, index) =>
      Array.from({ length: Math.max(0, line.quantity) }, () => ({
        line: index,
        pricePaise: line.unitPricePaise,
      })),
    )
    .sort(dearerFirst);
  const eligible = live.map(
    (offer) =>
      new Set(lines.flatMap((line, index) => (isEligibleForOffer(offer, line) ? [index] : []))),
  );

  let best: Candidate = {
    groups: [],
    savingPaise: 0,
    outside: units.map((unit) => unit.pricePaise),
  };
  let explored = 0;
  const search = (
    offerIndex: number,
    left: readonly Unit[],
    chosen: Candidate['groups'],
    saving: Paise,
  ) => {
    explored += 1;
    if (offerIndex === live.length) {
      const candidate = { groups: chosen, savingPaise: saving, outside: [] as Paise[] };
      const grouped = new Set(chosen.flatMap((group) => group.units));
      candidate.outside = units.filter((unit) => !grouped.has(unit)).map((unit) => unit.pricePaise);
      if (better(candidate, best)) best = candidate;
      return;
    }
    const offer = live[offerIndex]!;
    const mine = left.filter((unit) => eligible[offerIndex]!.has(unit.line));
    const fit = Math.floor(mine.length / groupSize(offer));
    const most = offer.maxGroupsPerOrder === null ? fit : Math.min(fit, offer.maxGroupsPerOrder);
    const least = explored > SEARCH_BUDGET ? most : 0;
    for (let count = most; count >= least; count -= 1) {
      const groups = bestGroups(offer, mine, count);
      if (!groups) continue;
      const savings = groups.map((group) =>
        groupSaving(
          offer,
          group.map((unit) => unit.pricePaise),
        ),
      );
      // A group that saves nothing is never formed: its units stay at full price.
      if (savings.some((amount) => amount <= 0)) continue;
      const used = new Set(groups.flat());
      search(
        offerIndex + 1,
        left.filter((unit) => !used.has(unit)),
        [...chosen, ...groups.map((group) => ({ offer, units: group }))],
        saving + sumPaise(savings),
      );
    }
  };
  search(0, units, [], 0);
  return describeApplication(live, lines, best.groups);
}

function describeApplication(
  live: readonly Offer[],
  lines: readonly OfferLine[],
  chosen: Candidate['groups'],
): OfferApplication {
  const groups: OfferGroup[] = chosen.map(({ offer, units }) => {
    const prices = units.map((unit) => unit.pricePaise);
    const listPaise = sumPaise(prices);
    const pricePaise = listPaise - groupSaving(offer, prices);
    return {
      offerId: offer.id,
      lineIndexes: units.map((unit) => unit.line),
      listPaise,
      pricePaise,
      // Each unit pays the group's price in proportion to its list price, to the paisa by the
      // largest remainders: what a return of that unit gives back and what its GST is worked on.
      sharesPaise: spreadInProportion(pricePaise, prices),
    };
  });
  const byId = new Map(live.map((offer) => [offer.id, offer]));
  const lineUnits = lines.map(() => [] as { offerId: string | null; sharePaise: Paise }[]);
  for (const group of groups) {
    group.lineIndexes.forEach((line, index) => {
      lineUnits[line]!.push({ offerId: group.offerId, sharePaise: group.sharesPaise[index]! });
    });
  }
  const lineResults: LineOfferResult[] = lines.map((line, index) => {
    const inGroups = lineUnits[index]!;
    const outside = Math.max(0, line.quantity) - inGroups.length;
    const unitsOfLine = [
      ...inGroups,
      ...Array.from({ length: outside }, () => ({
        offerId: null,
        sharePaise: line.unitPricePaise,
      })),
    ];
    const listPaise = line.unitPricePaise * Math.max(0, line.quantity);
    const afterOffersPaise = sumPaise(unitsOfLine.map((unit) => unit.sharePaise));
    const offerDiscountPaise = listPaise - afterOffersPaise;
    const first = inGroups[0]?.offerId ?? null;
    const label = first === null ? null : (byId.get(first)?.label ?? null);
    return {
      lineId: line.lineId,
      listPaise,
      offerDiscountPaise,
      afterOffersPaise,
      offerId: first,
      offerLabel: label,
      groupedUnits: inGroups.length,
      units: unitsOfLine,
      explanation:
        label === null
          ? null
          : lineExplanation(label, inGroups.length, line.quantity, offerDiscountPaise),
    };
  });
  const applied: AppliedOffer[] = [];
  for (const offer of live) {
    const mine = groups.filter((group) => group.offerId === offer.id);
    if (mine.length === 0) continue;
    applied.push({
      offerId: offer.id,
      label: offer.label,
      units: sumPaise(mine.map((group) => group.lineIndexes.length)),
      groups: mine.length,
      discountPaise: sumPaise(mine.map((group) => group.listPaise - group.pricePaise)),
    });
  }
  const listPaise = sumPaise(lineResults.map((line) => line.listPaise));
  const discountPaise = sumPaise(applied.map((offer) => offer.discountPaise));
  return {
    groups,
    lines: lineResults,
    applied,
    suggestions: suggestionsOf(live, lines, lineUnits, groups),
    listPaise,
    discountPaise,
    totalPaise: listPaise - discountPaise,
  };
}

/** '2 of these in 3 for ₹999 (−₹232.00)', or 'In 3 for ₹999 (−₹116.00)' for a whole line. */
export function lineExplanation(
  label: string,
  grouped: number,
  quantity: number,
  discountPaise: Paise,
): string {
  const saving = discountPaise > 0 ? ` (${formatMoney(-discountPaise)})` : '';
  if (grouped >= quantity) return `In ${label}${saving}`;
  return `${grouped} of ${quantity} in ${label}${saving}`;
}

/** 'Add 1 more eligible panty to get 3 for ₹999'. */
export function suggestionMessage(noun: OfferNoun, missing: number, label: string): string {
  return `Add ${missing} more eligible ${missing === 1 ? noun.one : noun.many} to get ${label}`;
}

/**
 * What is missing for one more group of each live offer: its eligible units left outside every
 * group, when they fill part of a group and the offer may form another. A bundle price is
 * suggested only when the group completed with units like the dearest one left would save money.
 * A suggestion worded as one already made is not repeated.
 */
function suggestionsOf(
  live: readonly Offer[],
  lines: readonly OfferLine[],
  lineUnits: readonly { offerId: string | null }[][],
  groups: readonly OfferGroup[],
): OfferSuggestion[] {
  const suggestions: OfferSuggestion[] = [];
  for (const offer of live) {
    const formed = groups.filter((group) => group.offerId === offer.id).length;
    if (offer.maxGroupsPerOrder !== null && formed >= offer.maxGroupsPerOrder) continue;
    const leftPrices: Paise[] = [];
    lines.forEach((line, index) => {
      if (!isEligibleForOffer(offer, line)) return;
      const outside = Math.max(0, line.quantity) - lineUnits[index]!.length;
      for (let unit = 0; unit < outside; unit += 1) leftPrices.push(line.unitPricePaise);
    });
    const size = groupSize(offer);
    const left = leftPrices.length % size;
    if (leftPrices.length === 0 || left === 0 || leftPrices.length >= size) continue;
    const missing = size - left;
    if (offer.kind === 'bundle_price') {
      const dearest = Math.max(...leftPrices);
      if (sumPaise(leftPrices) + missing * dearest <= (offer.bundlePricePaise ?? 0)) continue;
    }
    const message = suggestionMessage(offer.noun, missing, offer.label);
    // Two live offers saying the same thing (the same label on the same pieces) are one
    // suggestion to the shopper: the first in the offers' order keeps it.
    if (suggestions.some((suggestion) => suggestion.message === message)) continue;
    suggestions.push({ offerId: offer.id, label: offer.label, missingUnits: missing, message });
  }
  return suggestions;
}
