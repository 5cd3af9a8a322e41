/**
 * Abbreviations per source language: a period after one does not end the sentence, so the
 * engine never gets "MV." alone and "ORIENTE GLORIA" as the next sentence.
 */
import { describe, expect, it } from 'vitest';
import { splitSentences } from '../src/sentence-splitter';

describe('abbreviations', () => {
  it('keeps a ship name after "MV." in one sentence, in English and in Korean text', () => {
    expect(splitSentences('MV. ORIENTE GLORIA', 'en-us')).toEqual(['MV. ORIENTE GLORIA']);
    expect(splitSentences('The MV. ORIENTE GLORIA berthed at B1A. Cargo is granite.', 'en-us')).toEqual([
      'The MV. ORIENTE GLORIA berthed at B1A.',
      'Cargo is granite.',
    ]);
    // English abbreviations turn up in every language's text.
    expect(splitSentences('MV. ORIENTE GLORIA 호가 도착했다. 화물은 화강암이다.', 'ko')).toEqual([
      'MV. ORIENTE GLORIA 호가 도착했다.',
      '화물은 화강암이다.',
    ]);
  });

  it('keeps titles and place words before a name', () => {
    expect(splitSentences('Capt. Smith met Col. Jones near Mt. Everest. They left.', 'en-us')).toEqual([
      'Capt. Smith met Col. Jones near Mt. Everest.',
      'They left.',
    ]);
  });

  it('takes dotted initials of any length as one abbreviation', () => {
    expect(splitSentences('DRAFT by P.N. Ostroumov. Lattice design.', 'en-us')).toEqual(['DRAFT by P.N. Ostroumov.', 'Lattice design.']);
    expect(splitSentences('Он пришёл, т.е. Проф. Иванов пришёл.', 'ru')).toEqual(['Он пришёл, т.е. Проф. Иванов пришёл.']);
  });

  it('uses the source language list: "проф." is a Russian abbreviation, not an English one', () => {
    const text = 'Его видел проф. Иванов вчера.';
    expect(splitSentences(text, 'ru')).toEqual([text]);
    expect(splitSentences(text, 'en-us')).toEqual(['Его видел проф.', 'Иванов вчера.']);
  });

  it('still ends a sentence after an ordinary word such as "OK." (why CLDR suppressions are not used)', () => {
    expect(splitSentences('Either layout should be OK. The preference must be done first.', 'en-us')).toEqual([
      'Either layout should be OK.',
      'The preference must be done first.',
    ]);
  });
});
