/**
 * PostgreSQL's full-text match (`@@`) and `ts_rank` over tsvectors held in memory, so a search
 * ranks its matches without a database query per request. The database stays the source of the
 * lexemes (it stems words and builds each product's `search_vector`); this module only reads the
 * text forms of `tsvector` and `tsquery` and answers as PostgreSQL does, ranks to the last bit of
 * their single-precision arithmetic, so an order of products is the same here as in SQL.
 *
 * What it does not know (a `!` or `&` inside a phrase) it refuses with `UnsupportedQueryError`,
 * and the caller asks the database instead.
 */

/** A lexeme's positions, each `position << 2 | weight` (weight D = 0 … A = 3, as PostgreSQL). */
export type TextVector = Map<string, number[]>;

export type QueryNode =
  | { kind: 'lexeme'; text: string; prefix: boolean; weights: number }
  | { kind: 'not'; arg: QueryNode }
  | { kind: 'and' | 'or'; left: QueryNode; right: QueryNode }
  | { kind: 'phrase'; distance: number; left: QueryNode; right: QueryNode };

export class UnsupportedQueryError extends Error {}

const WEIGHT_OF: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };
/** ts_rank's default weights for D, C, B, A, as single-precision numbers. */
const RANK_WEIGHTS = [0.1, 0.2, 0.4, 1.0].map(Math.fround);
/** The position PostgreSQL gives a lexeme stored without positions. */
const MAX_ENTRY_POSITION = 16_383;
const POSITIONLESS = [MAX_ENTRY_POSITION << 2];

const f = Math.fround;

/** Reads a quoted lexeme at `start` (the opening quote); answers it and the index after it. */
function readQuoted(text: string, start: number): [string, number] {
  let value = '';
  let index = start + 1;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '\\') {
      value += text[index + 1] ?? '';
      index += 2;
    } else if (char === "'") {
      if (text[index + 1] === "'") {
        value += "'";
        index += 2;
      } else return [value, index + 1];
    } else {
      value += char;
      index += 1;
    }
  }
  throw new UnsupportedQueryError(`unterminated lexeme in ${text}`);
}

const POSITION_LIST = /[0-9A-D,]+/y;

/** A `tsvector` in PostgreSQL's text form (`'bra':6A,12 'lace':2A`). */
export function parseTextVector(text: string): TextVector {
  const vector: TextVector = new Map();
  let index = 0;
  while (index < text.length) {
    if (text[index] === ' ') {
      index += 1;
      continue;
    }
    const [lexeme, after] = readQuoted(text, index);
    index = after;
    const positions: number[] = [];
    if (text[index] === ':') {
      index += 1;
      POSITION_LIST.lastIndex = index;
      const match = POSITION_LIST.exec(text);
      if (!match) throw new UnsupportedQueryError(`bad positions in ${text}`);
      for (const item of match[0].split(',')) {
        const weight = WEIGHT_OF[item.at(-1)!];
        const position = Number.parseInt(item, 10);
        positions.push((position << 2) | (weight ?? 0));
      }
      index += match[0].length;
    }
    vector.set(lexeme, positions.length > 0 ? positions : POSITIONLESS);
  }
  return vector;
}

/** Operator priorities of the tsquery grammar: `|` < `&` < `<->` < `!`. */
const PRIORITY = { or: 1, and: 2, phrase: 3 } as const;

/** A `tsquery` in PostgreSQL's text form (`'sport' <-> 'bra' | 'bralett':*`). */
export function parseTextQuery(text: string): QueryNode {
  let index = 0;
  const skipSpaces = () => {
    while (text[index] === ' ') index += 1;
  };

  function operand(): QueryNode {
    skipSpaces();
    const char = text[index];
    if (char === '!') {
      index += 1;
      return { kind: 'not', arg: operand() };
    }
    if (char === '(') {
      index += 1;
      const inner = expression(0);
      skipSpaces();
      if (text[index] !== ')') throw new UnsupportedQueryError(`expected ) in ${text}`);
      index += 1;
      return inner;
    }
    if (char !== "'") throw new UnsupportedQueryError(`unexpected ${char ?? 'end'} in ${text}`);
    const [lexeme, after] = readQuoted(text, index);
    index = after;
    let prefix = false;
    let weights = 0;
    if (text[index] === ':') {
      index += 1;
      while (index < text.length && /[*A-Da-d]/.test(text[index]!)) {
        const flag = text[index]!.toUpperCase();
        if (flag === '*') prefix = true;
        else weights |= 1 << WEIGHT_OF[flag]!;
        index += 1;
      }
    }
    return { kind: 'lexeme', text: lexeme, prefix, weights };
  }

  /** The operator at the cursor, without consuming it. */
  function peekOperator():
    | { kind: 'or' | 'and'; length: number }
    | { kind: 'phrase'; distance: number; length: number }
    | undefined {
    skipSpaces();
    const char = text[index];
    if (char === '|') return { kind: 'or', length: 1 };
    if (char === '&') return { kind: 'and', length: 1 };
    if (char === '<') {
      const match = /^<(-|\d+)>/.exec(text.slice(index, index + 8));
      if (!match) throw new UnsupportedQueryError(`bad phrase operator in ${text}`);
      return {
        kind: 'phrase',
        distance: match[1] === '-' ? 1 : Number(match[1]),
        length: match[0].length,
      };
    }
    return undefined;
  }

  /** Precedence climbing; operators of equal priority associate to the left. */
  function expression(minPriority: number): QueryNode {
    let left = operand();
    for (;;) {
      const operator = peekOperator();
      if (!operator || PRIORITY[operator.kind] <= minPriority) return left;
      index += operator.length;
      const right = expression(PRIORITY[operator.kind]);
      left =
        operator.kind === 'phrase'
          ? { kind: 'phrase', distance: operator.distance, left, right }
          : { kind: operator.kind, left, right };
    }
  }

  const node = expression(0);
  skipSpaces();
  if (index !== text.length) throw new UnsupportedQueryError(`trailing text in ${text}`);
  checkPhrases(node);
  return node;
}

/** Phrases of words (and of phrases) are evaluated here; `|`, `&` or `!` inside one are not. */
function checkPhrases(node: QueryNode, inPhrase = false): void {
  switch (node.kind) {
    case 'lexeme':
      return;
    case 'phrase':
      checkPhrases(node.left, true);
      checkPhrases(node.right, true);
      return;
    case 'not':
      if (inPhrase) throw new UnsupportedQueryError('! inside a phrase');
      checkPhrases(node.arg);
      return;
    default:
      if (inPhrase) throw new UnsupportedQueryError(`${node.kind} inside a phrase`);
      checkPhrases(node.left);
      checkPhrases(node.right);
  }
}

/** Every lexeme operand of the query, in PostgreSQL's storage order (operator, right, left). */
export function queryOperands(node: QueryNode): Extract<QueryNode, { kind: 'lexeme' }>[] {
  const operands: Extract<QueryNode, { kind: 'lexeme' }>[] = [];
  const walk = (item: QueryNode) => {
    if (item.kind === 'lexeme') operands.push(item);
    else if (item.kind === 'not') walk(item.arg);
    else {
      walk(item.right);
      walk(item.left);
    }
  };
  walk(node);
  return operands;
}

/** The vector's entries a lexeme operand names: the lexeme itself, or every word it starts. */
function entriesOf(vector: TextVector, operand: { text: string; prefix: boolean }): number[][] {
  if (!operand.prefix) {
    const positions = vector.get(operand.text);
    return positions ? [positions] : [];
  }
  const found: [string, number[]][] = [];
  for (const [lexeme, positions] of vector) {
    if (lexeme.startsWith(operand.text)) found.push([lexeme, positions]);
  }
  // In the vector's own order (sorted lexemes), as PostgreSQL walks them.
  return found.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, positions]) => positions);
}

const weightAllowed = (weights: number, position: number) =>
  weights === 0 || (weights & (1 << (position & 3))) !== 0;

/** Whether a position has one of the weights (0: any weight). */
function hasWeight(positions: number[], weights: number): boolean {
  if (weights === 0) return true;
  for (const position of positions) if (weightAllowed(weights, position)) return true;
  return false;
}

/** Match ends of a phrase part and its width (words between its first and last). */
interface PhraseMatch {
  ends: number[];
  width: number;
}

function phraseMatch(node: QueryNode, vector: TextVector): PhraseMatch {
  switch (node.kind) {
    case 'lexeme': {
      const ends = new Set<number>();
      for (const positions of entriesOf(vector, node)) {
        for (const position of positions) {
          if (weightAllowed(node.weights, position)) ends.add(position >> 2);
        }
      }
      return { ends: [...ends].sort((a, b) => a - b), width: 0 };
    }
    case 'phrase': {
      // `L <N> R` matches where R ends N + width(R) words after an end of L.
      const left = phraseMatch(node.left, vector);
      if (left.ends.length === 0) return { ends: [], width: 0 };
      const right = phraseMatch(node.right, vector);
      const offset = node.distance + right.width;
      const leftEnds = new Set(left.ends);
      return {
        ends: right.ends.filter((end) => leftEnds.has(end - offset)),
        width: node.distance + left.width + right.width,
      };
    }
    default:
      throw new UnsupportedQueryError(`${node.kind} inside a phrase`);
  }
}

/** Whether the vector matches the query (`vector @@ query`). */
export function matchesQuery(vector: TextVector, node: QueryNode): boolean {
  switch (node.kind) {
    case 'lexeme': {
      if (!node.prefix) {
        const positions = vector.get(node.text);
        return positions !== undefined && hasWeight(positions, node.weights);
      }
      for (const [lexeme, positions] of vector) {
        if (lexeme.startsWith(node.text) && hasWeight(positions, node.weights)) return true;
      }
      return false;
    }
    case 'not':
      return !matchesQuery(vector, node.arg);
    case 'and':
      return matchesQuery(vector, node.left) && matchesQuery(vector, node.right);
    case 'or':
      return matchesQuery(vector, node.left) || matchesQuery(vector, node.right);
    case 'phrase':
      return phraseMatch(node, vector).ends.length > 0;
  }
}

/**
 * Every lexeme operand of the query, sorted by text and each text once, as ts_rank takes them:
 * sorted stably from the storage order, so of `'lac' | 'lac':*` the prefix operand is kept.
 */
function rankOperands(node: QueryNode): { text: string; prefix: boolean }[] {
  const operands = queryOperands(node).sort((a, b) =>
    a.text < b.text ? -1 : a.text > b.text ? 1 : 0,
  );
  return operands.filter(
    (operand, index) => index === 0 || operands[index - 1]!.text !== operand.text,
  );
}

/** The terms' queries joined as `q1 || q2 || …`, as the ranking query joins them. */
export function anyTermOf(queries: QueryNode[]): QueryNode | undefined {
  return queries.reduce<QueryNode | undefined>(
    (left, right) => (left ? { kind: 'or', left, right } : right),
    undefined,
  );
}

/**
 * Whether `ts_rank` of the query is reproducible here. PostgreSQL de-duplicates the operands after
 * sorting them with a sort that is stable only under 7 items: from 7 up, which of two operands of
 * the same text but different prefix flags (`'bral' | 'bral':*`) it keeps is not predictable.
 */
export function rankIsExact(node: QueryNode): boolean {
  const operands = queryOperands(node);
  if (operands.length < 7) return true;
  const prefixOf = new Map<string, boolean>();
  for (const operand of operands) {
    const seen = prefixOf.get(operand.text);
    if (seen !== undefined && seen !== operand.prefix) return false;
    prefixOf.set(operand.text, operand.prefix);
  }
  return true;
}

const rankWeight = (position: number) => RANK_WEIGHTS[position & 3]!;

function wordDistance(distance: number): number {
  if (distance > 100) return f(1e-30);
  return f(1.0 / (1.005 + 0.05 * Math.exp(f(distance) / 1.5 - 2)));
}

/** ts_rank for a query whose top is OR or a single word: each operand's weighted occurrences. */
function rankOr(vector: TextVector, operands: { text: string; prefix: boolean }[]): number {
  let rank = 0;
  for (const operand of operands) {
    for (const positions of entriesOf(vector, operand)) {
      let sum = 0;
      let heaviest = -1;
      let heaviestAt = 0;
      for (let j = 0; j < positions.length; j += 1) {
        const weight = rankWeight(positions[j]!);
        sum = f(sum + f(weight / ((j + 1) * (j + 1))));
        if (weight > heaviest) {
          heaviest = weight;
          heaviestAt = j;
        }
      }
      const term = f(f(heaviest + sum) - f(heaviest / ((heaviestAt + 1) * (heaviestAt + 1))));
      rank = f(rank + term / 1.64493406685);
    }
  }
  return operands.length > 0 ? f(rank / operands.length) : rank;
}

/** ts_rank for a query whose top is AND or a phrase: how close the operands' words stand. */
function rankAnd(vector: TextVector, operands: { text: string; prefix: boolean }[]): number {
  if (operands.length < 2) return rankOr(vector, operands);
  const found: (number[] | undefined)[] = [];
  let rank = -1;
  for (let i = 0; i < operands.length; i += 1) {
    for (const positions of entriesOf(vector, operands[i]!)) {
      found[i] = positions;
      for (let k = 0; k < i; k += 1) {
        const other = found[k];
        if (!other) continue;
        for (const position of positions) {
          for (const otherPosition of other) {
            let distance = Math.abs((position >> 2) - (otherPosition >> 2));
            const positionless = positions === POSITIONLESS || other === POSITIONLESS;
            if (distance === 0 && !positionless) continue;
            if (distance === 0) distance = MAX_ENTRY_POSITION;
            const closeness = f(
              Math.sqrt(
                f(f(rankWeight(position) * rankWeight(otherPosition)) * wordDistance(distance)),
              ),
            );
            rank = rank < 0 ? closeness : f(1.0 - (1.0 - rank) * (1.0 - closeness));
          }
        }
      }
    }
  }
  return rank;
}

/**
 * `ts_rank(vector, query)` with the default weights and no normalization, as a function of the
 * vector (the query's operands are sorted once).
 */
export function ranker(node: QueryNode): (vector: TextVector) => number {
  const operands = rankOperands(node);
  const byCloseness = node.kind === 'and' || node.kind === 'phrase';
  return (vector) => {
    if (vector.size === 0) return 0;
    const rank = byCloseness ? rankAnd(vector, operands) : rankOr(vector, operands);
    return rank < 0 ? f(1e-20) : rank;
  };
}

/** `ts_rank(vector, query)` for one vector. */
export const rankQuery = (vector: TextVector, node: QueryNode): number => ranker(node)(vector);
