/** `@nlpjs/lang-ru` ships no types; these are only what the term extraction calls. */
declare module '@nlpjs/lang-ru' {
  export class StemmerRu {
    stemWord(word: string): string;
  }
  export class StopwordsRu {
    isStopword(word: string): boolean;
  }
}
