import { describe, expect, it } from 'vitest';
import {
  expandSynonyms,
  isSizeEntry,
  MAX_SEARCH_TERMS,
  otherNumber,
  parseSearchQuery,
  searchTermTable,
  searchWords,
  sizeOf,
} from '../src/search-terms.ts';

const texts = (query: string) => parseSearchQuery(query).terms.map((term) => term.text);

describe('the search term table', () => {
  it('names each typed word or phrase once, in lower case with single spaces', () => {
    const words = searchTermTable.flatMap((entry) => entry.words);
    expect(new Set(words).size).toBe(words.length);
    for (const word of words) expect(word).toMatch(/^[a-z0-9-]+( [a-z0-9-]+){0,2}$/);
  });

  it('keeps sizes in the shop spelling', () => {
    const sizes = searchTermTable.filter(isSizeEntry).map((entry) => entry.size);
    expect(sizes).toEqual(['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL', 'Free Size']);
  });
});

describe('expandSynonyms', () => {
  it('finds nightdresses for a nighty, however it is spelt', () => {
    for (const word of ['nighty', 'nightie', 'Nighties', 'nightgown', 'night dress']) {
      expect(expandSynonyms(word)).toEqual(
        expect.arrayContaining(['nighty', 'nightie', 'nightdress', 'nightgown', 'chemise']),
      );
    }
    expect(expandSynonyms('nighty')[0]).toBe('nighty');
  });

  it('finds panties for panty and its Indian and British names', () => {
    for (const word of ['panty', 'panties', 'chaddi', 'knickers']) {
      expect(expandSynonyms(word)).toContain('panty');
    }
  });

  it('maps a word only to the shop names of its own entry', () => {
    expect(expandSynonyms('spaghetti')).toEqual(expect.arrayContaining(['camisole', 'cami']));
    expect(expandSynonyms('tummy tucker')).toContain('shapewear');
    expect(expandSynonyms('pajamas')).toEqual(expect.arrayContaining(['pyjama', 'nightsuit']));
    expect(expandSynonyms('chemise')).not.toContain('camisole');
  });

  it('gives other words only their other number, and never expands a size', () => {
    expect(expandSynonyms('Lace')).toEqual(['lace', 'laces']);
    expect(expandSynonyms('xl')).toEqual(['xl']);
  });

  it('takes bra and bras alike, whatever the stemmer makes of them', () => {
    expect(expandSynonyms('bra')).toEqual(expect.arrayContaining(['bra', 'bras', 'brassiere']));
    expect(expandSynonyms('bras')).toEqual(expect.arrayContaining(['bra', 'bras']));
  });
});

describe('otherNumber', () => {
  it('turns singular into plural and back', () => {
    expect(otherNumber('bra')).toBe('bras');
    expect(otherNumber('bras')).toBe('bra');
    expect(otherNumber('panties')).toBe('panty');
    expect(otherNumber('dress')).toBe('dresses');
  });

  it('leaves phrases, hyphenated and short words alone', () => {
    expect(otherNumber('night dress')).toBeUndefined();
    expect(otherNumber('push-up')).toBeUndefined();
    expect(otherNumber('pj')).toBeUndefined();
    expect(otherNumber('34b')).toBeUndefined();
  });
});

describe('sizeOf', () => {
  it('reads bra sizes, letter sizes and free size in the shop spelling', () => {
    expect(sizeOf('34b')).toBe('34B');
    expect(sizeOf('36DD')).toBe('36DD');
    expect(sizeOf('m')).toBe('M');
    expect(sizeOf('Xl')).toBe('XL');
    expect(sizeOf('2xl')).toBe('XXL');
    expect(sizeOf('free size')).toBe('Free Size');
  });

  it('does not take other words or numbers for sizes', () => {
    for (const word of ['34', '12b', '34z', 'lace', 'medium', 'x', '3']) {
      expect(sizeOf(word)).toBeUndefined();
    }
  });
});

describe('searchWords', () => {
  it("keeps hyphenated words, drops a possessive 's and anything that is not a letter or digit", () => {
    expect(searchWords("Women's PUSH-UP bra, 34B!")).toEqual(['women', 'push-up', 'bra', '34b']);
    expect(searchWords('👙🩲 lace')).toEqual(['lace']);
    expect(searchWords("'; drop table products; --")).toEqual(['drop', 'table', 'products']);
    expect(searchWords('!!! & | :*')).toEqual([]);
  });

  it('keeps words in Indian scripts whole', () => {
    expect(searchWords('ब्रा')).toEqual(['ब्रा']);
  });
});

describe('parseSearchQuery', () => {
  it('splits a query into text terms and sizes to have in stock', () => {
    const parsed = parseSearchQuery('sports bra 34B');
    expect(parsed.sizes).toEqual(['34B']);
    expect(parsed.terms.map((term) => term.text)).toEqual(['bra', 'sports']);
    expect(parsed.terms.find((term) => term.text === 'sports')?.alternatives).toContain('gym');
  });

  it('reads letter sizes and free size, in any case', () => {
    expect(parseSearchQuery('cotton hipster XL')).toEqual({
      terms: [
        { text: 'cotton', alternatives: ['cotton', 'cottons'] },
        { text: 'hipster', alternatives: ['hipster', 'hipsters'] },
      ],
      sizes: ['XL'],
    });
    expect(parseSearchQuery('body mist Free Size')).toEqual({
      terms: [{ text: 'body mist', alternatives: expandSynonyms('body mist') }],
      sizes: ['Free Size'],
    });
    expect(parseSearchQuery('m').sizes).toEqual(['M']);
    expect(parseSearchQuery('bra size 36c or 36d')).toEqual({
      terms: [{ text: 'bra', alternatives: expandSynonyms('bra') }],
      sizes: ['36C', '36D'],
    });
  });

  it('matches table phrases on consecutive words, longest first', () => {
    expect(texts('non padded t shirt bra')).toEqual(['bra', 'non padded', 't shirt']);
    expect(texts('night dress')).toEqual(['night dress']);
    expect(texts('dressing gown')).toEqual(['dressing gown']);
  });

  it('gives one meaning one form', () => {
    expect(parseSearchQuery('Nighty')).toEqual(parseSearchQuery('  nighty '));
    expect(texts('lace bra lace')).toEqual(['bra', 'lace']);
    expect(texts('bra lace')).toEqual(texts('lace bra'));
    expect(parseSearchQuery('34b bra m').sizes).toEqual(['34B', 'M']);
  });

  it('drops filler words, unless they are all there is', () => {
    expect(texts("women's nightie for her")).toEqual(['nightie']);
    expect(texts('for women')).toEqual(['women']);
    expect(texts('the')).toEqual([]);
    expect(parseSearchQuery('size xl for ladies')).toEqual({ terms: [], sizes: ['XL'] });
  });

  it('drops single letters that are not sizes, but keeps digits', () => {
    expect(texts('b cup bra')).toEqual(['bra', 'cup']);
    expect(texts('pack of 3')).toEqual(['3', 'pack']);
  });

  it('answers nothing to ask for when nothing was typed', () => {
    expect(parseSearchQuery('')).toEqual({ terms: [], sizes: [] });
    expect(parseSearchQuery('!!! & | :*')).toEqual({ terms: [], sizes: [] });
  });

  it('keeps a pasted paragraph to a few terms', () => {
    const parsed = parseSearchQuery(
      'lace cotton satin silk modal mesh printed floral bridal sports',
    );
    expect(parsed.terms).toHaveLength(MAX_SEARCH_TERMS);
  });
});
