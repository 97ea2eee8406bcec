/**
 * The product page's fit bar in words: what most reviewers said of the overall fit, and of the
 * band or cups when most of those who answered found them off. Shown only once enough reviewers
 * answered, so one odd fit does not speak for a product.
 */

/** The fit bar shows once this many approved reviews answered the fit. */
export const FIT_BAR_MIN_ANSWERS = 3;

/** The fit part of a product's review summary: whole percents of the reviews that answered. */
export interface FitShares {
  count: number;
  trueToSize: number;
  runsSmall: number;
  runsLarge: number;
  band: { tight: number; right: number; loose: number };
  cup: { small: number; right: number; big: number };
}

export interface FitBarWords {
  /** '72 % say true to size', '60 % say it runs small'. */
  overall: string;
  /** 'band runs small' / 'band runs large' when most band answers say so; else null. */
  band: string | null;
  /** 'cups run small' / 'cups run large' likewise; else null. */
  cup: string | null;
  /** The whole line: '72 % say true to size · band runs small'. */
  line: string;
}

/** One side wins only with more than each of the others: a tie says nothing. */
function leader<K extends string>(shares: Record<K, number>): K | null {
  const entries = Object.entries(shares) as [K, number][];
  const [first, second] = [...entries].sort((a, b) => b[1] - a[1]);
  if (!first || first[1] === 0 || (second && second[1] === first[1])) return null;
  return first[0];
}

/**
 * The fit bar's words, or null below `FIT_BAR_MIN_ANSWERS` answers. Overall: the largest share
 * (true to size when tied with a side). Band and cup: named only when their leading answer is off
 * (a tight band runs small, a loose one large; small cups run small, big ones large).
 */
export function fitBarWords(fit: FitShares): FitBarWords | null {
  if (fit.count < FIT_BAR_MIN_ANSWERS) return null;
  const side = fit.runsSmall >= fit.runsLarge ? 'small' : 'large';
  const sideShare = side === 'small' ? fit.runsSmall : fit.runsLarge;
  const overall =
    fit.trueToSize >= sideShare
      ? `${fit.trueToSize} % say true to size`
      : `${sideShare} % say it runs ${side}`;
  const bandLeader = leader(fit.band);
  const cupLeader = leader(fit.cup);
  const band =
    bandLeader === 'tight' ? 'band runs small' : bandLeader === 'loose' ? 'band runs large' : null;
  const cup =
    cupLeader === 'small' ? 'cups run small' : cupLeader === 'big' ? 'cups run large' : null;
  return { overall, band, cup, line: [overall, band, cup].filter(Boolean).join(' · ') };
}
