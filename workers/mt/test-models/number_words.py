"""The synthetic task of the tiny test models: numbers 0-9999 as English words and as Chinese numerals.

English (British "and" convention): "and" comes before the last one- or two-digit part when a
hundreds or thousands part precedes it; tens and units are separated by a space, no hyphen.
    0 zero | 10 ten | 21 twenty one | 105 one hundred and five | 1010 one thousand and ten
    1205 one thousand two hundred and five | 3400 three thousand four hundred

Chinese (standard reading): digit + unit (千 百 十) for each non-zero digit, one 零 for a run of
internal zeros, no trailing 零; 十 alone (without 一) only when the number starts with it (10-19);
二 (never 两) everywhere.
    0 零 | 10 十 | 11 十一 | 21 二十一 | 105 一百零五 | 110 一百一十 | 1010 一千零一十
    1205 一千二百零五 | 2000 二千 | 3400 三千四百
"""

ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
TEENS = ["ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
ZH_DIGITS = "零一二三四五六七八九"
ZH_UNITS = ["千", "百", "十", ""]

MAX_NUMBER = 9999


def _below_100(n: int) -> list[str]:
    if n < 10:
        return [ONES[n]]
    if n < 20:
        return [TEENS[n - 10]]
    return [TENS[n // 10]] + ([ONES[n % 10]] if n % 10 else [])


def english(n: int) -> str:
    if not 0 <= n <= MAX_NUMBER:
        raise ValueError(n)
    if n == 0:
        return "zero"
    words = []
    if n >= 1000:
        words += [ONES[n // 1000], "thousand"]
    if (n // 100) % 10:
        words += [ONES[(n // 100) % 10], "hundred"]
    rest = n % 100
    if rest:
        if words:
            words.append("and")
        words += _below_100(rest)
    return " ".join(words)


def chinese(n: int) -> str:
    if not 0 <= n <= MAX_NUMBER:
        raise ValueError(n)
    if n == 0:
        return "零"
    digits = [int(c) for c in f"{n:04d}"]
    out = []
    started = False
    pending_zero = False
    for d, unit in zip(digits, ZH_UNITS):
        if d == 0:
            if started:
                pending_zero = True
            continue
        if pending_zero:
            out.append("零")
            pending_zero = False
        out.append(ZH_DIGITS[d] + unit)
        started = True
    s = "".join(out)
    if s.startswith("一十"):
        s = s[1:]
    return s


ENGLISH_WORDS = sorted(set(ONES + TEENS + [t for t in TENS if t] + ["hundred", "thousand", "and"]))
CHINESE_CHARS = sorted(set(ZH_DIGITS + "千百十"))

_EXAMPLES = {
    0: ("zero", "零"),
    10: ("ten", "十"),
    11: ("eleven", "十一"),
    21: ("twenty one", "二十一"),
    105: ("one hundred and five", "一百零五"),
    110: ("one hundred and ten", "一百一十"),
    1010: ("one thousand and ten", "一千零一十"),
    1205: ("one thousand two hundred and five", "一千二百零五"),
    2000: ("two thousand", "二千"),
    3400: ("three thousand four hundred", "三千四百"),
    9999: ("nine thousand nine hundred and ninety nine", "九千九百九十九"),
    1001: ("one thousand and one", "一千零一"),
    1100: ("one thousand one hundred", "一千一百"),
    2050: ("two thousand and fifty", "二千零五十"),
    7015: ("seven thousand and fifteen", "七千零一十五"),
}


def self_test():
    for n, (en, zh) in _EXAMPLES.items():
        assert english(n) == en, (n, english(n), en)
        assert chinese(n) == zh, (n, chinese(n), zh)
    assert len({english(n) for n in range(MAX_NUMBER + 1)}) == MAX_NUMBER + 1
    assert len({chinese(n) for n in range(MAX_NUMBER + 1)}) == MAX_NUMBER + 1


if __name__ == "__main__":
    self_test()
    for n in sorted(_EXAMPLES):
        print(n, english(n), chinese(n), sep="\t")
