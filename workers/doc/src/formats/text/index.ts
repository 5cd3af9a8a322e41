/** The text-based document formats: plain text, HTML, SubRip subtitles and XLIFF 1.2/2.0. */
export { txtFormat } from './txt';
export { htmlFormat } from './html';
export { srtFormat } from './srt';
export { xliffFormat } from './xliff';
export { decodeText, encodeUtf8, type DecodedText } from './text-encoding';
export { countWords, textStats } from './text-stats';
