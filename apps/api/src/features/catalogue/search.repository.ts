import { sql, type SQL } from 'drizzle-orm';
import { parseSearchQuery, type ParsedSearch, type SearchTerm } from '@shop/domain/search-terms';
import { queryRows, type Executor } from '../../db/client.ts';

/**
 * How the terms were matched:
 * - 'words': every term is a word of some product: by its English stem, by one of the names its
 *   entry in the search term table gives, or as the start of a word.
 * - 'near': a term (3 characters or more) is no catalogue word at all, so it also takes the
 *   catalogue words nearest to it ('brallete' → 'bralette').
 */
export type SearchMode = 'words' | 'near';

/**
 * A parsed query with each term as a `tsquery` in PostgreSQL's text form (English stems: see
 * `plannedTerm`). Plain data, so it is also the search's cache key; statements carry the queries
 * as constants, so the planner estimates them against the full-text index's statistics.
 */
export interface SearchPlan extends ParsedSearch {
  mode: SearchMode;
  /** One per term, in the order of `terms`. */
  termQueries: string[];
}

/** A term is corrected to at most this many catalogue words. */
const NEAR_WORDS_PER_TERM = 3;

/** Terms shorter than this are not corrected (too many words resemble them). */
const NEAR_MIN_LENGTH = 3;

/** A typed word (letters and digits, at least 3) may match as the start of a word. */
function prefixQuery(term: SearchTerm): SQL {
  return /^[\p{L}\p{N}]{3,}$/u.test(term.text)
    ? sql`to_tsquery('simple', ${`'${term.text}':*`})`
    : sql`null::tsquery`;
}

/** Any of the term's alternatives as an English phrase, each stem once; null when none has one. */
function alternativesQuery(term: SearchTerm): SQL {
  const values = sql.join(
    term.alternatives.map((alternative) => sql`(${alternative})`),
    sql`, `,
  );
  return sql`(select string_agg(distinct format('(%s)', q), ' | ')
    from (select phraseto_tsquery('english', a) as q from (values ${values}) v(a)) t
    where numnode(q) > 0)::tsquery`;
}

/** The catalogue words nearest to the term by trigram word similarity, best first; or null. */
function nearWordsQuery(term: SearchTerm): SQL {
  return sql`(select string_agg(distinct format('(%s)', plainto_tsquery('english', w.word)), ' | ')
    from (select word from search_words where ${term.text} <% word
          order by word_similarity(${term.text}, word) desc, word
          limit ${NEAR_WORDS_PER_TERM}) w)::tsquery`;
}

const known = (query: string) =>
  sql`(${sql.raw(query)} is not null and exists (
    select 1 from search_words w where w.lexemes @@ ${sql.raw(query)}))`;

/**
 * A subquery answering a term's final `tsquery` text (`query`, empty when it has none) and
 * whether it was widened to near words (`widened`). Each rule is looked up in the small table of
 * catalogue words (`search_words`) through its GIN indexes:
 * - a term that is a catalogue word (by any alternative's stem) matches as that word only;
 * - else a typed word that starts a catalogue word also matches as a prefix (typing 'bral');
 * - else a term of 3 characters or more also matches its nearest catalogue words ('brallete').
 */
function plannedTerm(term: SearchTerm): SQL {
  const correctable = sql.raw(String(term.text.length >= NEAR_MIN_LENGTH));
  const part = (query: string) => sql.raw(`'(' || ${query}::text || ')'`);
  return sql`(select
      case when k.exact_known then ${part('e.q')}
        when k.prefix_known then concat_ws(' | ', ${part('e.q')}, ${part('x.q')})
        when k.widen then concat_ws(' | ', ${part('e.q')}, ${part('n.q')})
        else coalesce(${part('e.q')}, '') end as query,
      k.widen as widened
    from (select ${alternativesQuery(term)} as q) e,
      (select ${prefixQuery(term)} as q) x,
      lateral (select ${known('e.q')} as exact_known, ${known('x.q')} as prefix_known) k0,
      lateral (select k0.exact_known, k0.prefix_known,
        not k0.exact_known and not k0.prefix_known and ${correctable} as widen) k,
      lateral (select case when k.widen then ${nearWordsQuery(term)} end as q) n)`;
}

const tsquery = (text: string): SQL => sql`${text}::tsquery`;

const allTerms = (queries: string[]): SQL => sql`(${sql.join(queries.map(tsquery), sql` && `)})`;
const anyTerm = (queries: string[]): SQL => sql`(${sql.join(queries.map(tsquery), sql` || `)})`;

/** In stock in one of the sizes, compared ignoring case. */
function sizeCondition(sizes: string[]): SQL {
  return sql`exists (
    select 1 from product_colors c join product_size_stock s on s.color_id = c.id
    where c.product_id = p.id and s.stock > 0
      and lower(s.size) in (${sql.join(
        sizes.map((size) => sql`${size.toLowerCase()}`),
        sql`, `,
      )}))`;
}

/** Which products (alias `p`) a search finds, besides being active: through the GIN index. */
export function searchCondition(plan: SearchPlan): SQL {
  const conditions: SQL[] = [];
  if (plan.termQueries.length > 0) {
    conditions.push(sql`p.search_vector @@ ${allTerms(plan.termQueries)}`);
  }
  if (plan.sizes.length > 0) conditions.push(sizeCondition(plan.sizes));
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

/**
 * Whether the product is the kind of thing a term names: its category's or subcategory's name
 * matches the term ('bra' → every product under Bras or Last Chance Bras, not a camisole with a
 * shelf bra). The ids come from the two small tables once per statement.
 */
function kindMatch(termQuery: string): SQL {
  const query = tsquery(termQuery);
  return sql`(p.category_id = any(array(
      select c.id from categories c where to_tsvector('english', c.name) @@ ${query}))
    or p.subcategory_id = any(array(
      select s.id from subcategories s where to_tsvector('english', s.name) @@ ${query})))`;
}

/**
 * Relevance, best first, as `ORDER BY` items: the number of terms that name the product's kind,
 * then the full-text rank, in which a word of the product's name weighs ten times a word
 * elsewhere (weights A and D of the default 0.1/0.2/0.4/1.0). Undefined without terms.
 */
export function searchRank(plan: SearchPlan): SQL | undefined {
  if (plan.termQueries.length === 0) return undefined;
  const kinds = sql.join(
    plan.termQueries.map((query) => sql`${kindMatch(query)}::int`),
    sql` + `,
  );
  return sql`(${kinds}) desc, ts_rank(p.search_vector, ${anyTerm(plan.termQueries)}) desc`;
}

/** A term as planned: its final `tsquery` text (empty for stop words only) and whether it was widened. */
export interface PlannedTerm {
  query: string;
  widened: boolean;
}

/** The search plan of a parsed query from its terms' plans (in the order of `parsed.terms`). */
export function toSearchPlan(parsed: ParsedSearch, planned: PlannedTerm[]): SearchPlan {
  // A term of stop words only has an empty query: it says nothing about the product.
  const kept = parsed.terms.flatMap((term, index) => {
    const plan = planned[index];
    return plan && plan.query !== '' ? [{ term, ...plan }] : [];
  });
  return {
    terms: kept.map(({ term }) => term),
    sizes: parsed.sizes,
    mode: kept.some(({ widened }) => widened) ? 'near' : 'words',
    termQueries: kept.map(({ query }) => query),
  };
}

export function createSearchRepository(db: Executor) {
  /**
   * Each term as a `tsquery`, widened to its near words when it is no catalogue word: one
   * statement over the small words table. A term's plan changes only when catalogue words are
   * added, so callers may keep it.
   */
  async function planTerms(terms: SearchTerm[], tx: Executor = db): Promise<PlannedTerm[]> {
    if (terms.length === 0) return [];
    const [row] = await queryRows<Record<string, string | boolean>>(
      tx,
      sql`select ${sql.join(
        terms.map(
          (_term, index) =>
            sql`${sql.identifier(`t${index}`)}.query as ${sql.identifier(`q${index}`)},
              ${sql.identifier(`t${index}`)}.widened as ${sql.identifier(`w${index}`)}`,
        ),
        sql`, `,
      )} from ${sql.join(
        terms.map((term, index) => sql`${plannedTerm(term)} ${sql.identifier(`t${index}`)}`),
        sql`, `,
      )}`,
    );
    return terms.map((_term, index) => ({
      query: String(row?.[`q${index}`] ?? ''),
      widened: row?.[`w${index}`] === true,
    }));
  }

  return {
    planTerms,

    /** The plan for a typed query. */
    async planSearch(query: string, tx: Executor = db): Promise<SearchPlan> {
      const parsed = parseSearchQuery(query);
      return toSearchPlan(parsed, await planTerms(parsed.terms, tx));
    },
  };
}
