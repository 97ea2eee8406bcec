import { braSizeFinderInput } from './fit-rules';
import type { BraFinderInput, FeelFinderInput } from '@shop/domain/size-finder';
import type { Unit } from './unit-switch';

/** The without-a-tape answers as the finder holds them (null until she taps one). */
export interface BraFitAnswers {
  wornSize: string;
  band: FeelFinderInput['band'] | null;
  cups: FeelFinderInput['cups'] | null;
  gore: NonNullable<FeelFinderInput['gore']> | null;
}

/** The tape's fields as typed. */
export interface TapeAnswers {
  unit: Unit;
  underbust: string;
  bust: string;
  bustLeaning: string;
}

/** The fit questions and the shopper's words for each answer the API takes. */
export const braFitChoices = [
  {
    key: 'band',
    question: 'The band',
    choices: [
      ['rides_up', 'Rides up'],
      ['digs_in', 'Digs in'],
      ['fine', 'Fits fine'],
    ],
  },
  {
    key: 'cups',
    question: 'The cups',
    choices: [
      ['gape', 'Gape'],
      ['spill', 'Spill over'],
      ['fine', 'Fit fine'],
    ],
  },
  {
    key: 'gore',
    question: 'The centre panel (optional)',
    choices: [
      ['lifts', 'Lifts off'],
      ['flat', 'Sits flat'],
    ],
  },
] as const;

/**
 * The question so far: null until every field it needs is filled in, then checked by the same
 * schema `POST /api/fit/bra-size` parses, its first complaint shown as the problem.
 */
export function readBraSizeQuestion(
  method: 'tape' | 'feel',
  tape: TapeAnswers,
  feel: BraFitAnswers,
): { question: BraFinderInput | null; problem: string | null } {
  let candidate: unknown;
  if (method === 'tape') {
    if (tape.underbust.trim() === '' || tape.bust.trim() === '') {
      return { question: null, problem: null };
    }
    candidate = {
      method,
      unit: tape.unit,
      underbust: tape.underbust,
      bust: tape.bust,
      ...(tape.bustLeaning.trim() === '' ? {} : { bustLeaning: tape.bustLeaning }),
    };
  } else {
    if (feel.wornSize.trim() === '' || !feel.band || !feel.cups) {
      return { question: null, problem: null };
    }
    candidate = {
      method,
      wornSize: feel.wornSize,
      band: feel.band,
      cups: feel.cups,
      ...(feel.gore ? { gore: feel.gore } : {}),
    };
  }
  const parsed = braSizeFinderInput.safeParse(candidate);
  if (!parsed.success) {
    return { question: null, problem: parsed.error.issues[0]?.message ?? null };
  }
  // The product and colour are the page's, not the question's.
  const { productId: _product, colorName: _color, ...question } = parsed.data;
  return { question: question as BraFinderInput, problem: null };
}
