/**
 * Numbers 0-9999 as English words, the way the tiny test models were trained on them
 * (workers/mt/test-models/number_words.py: British "and", no hyphens): "one thousand two hundred
 * and five". The benches use them as MT input the tiny model translates properly.
 */
const ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const TEENS = ['ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

function below100(n: number): string[] {
  if (n < 10) return [ONES[n]!];
  if (n < 20) return [TEENS[n - 10]!];
  return [TENS[Math.floor(n / 10)]!, ...(n % 10 ? [ONES[n % 10]!] : [])];
}

export function numberWords(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 9999) throw new RangeError(`${n}`);
  if (n === 0) return 'zero';
  const words: string[] = [];
  if (n >= 1000) words.push(ONES[Math.floor(n / 1000)]!, 'thousand');
  const hundreds = Math.floor(n / 100) % 10;
  if (hundreds) words.push(ONES[hundreds]!, 'hundred');
  const rest = n % 100;
  if (rest) {
    if (words.length) words.push('and');
    words.push(...below100(rest));
  }
  return words.join(' ');
}
