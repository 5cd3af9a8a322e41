import { describe, expect, it } from 'vitest';
import { cellTextToWrite, translatableCells } from '../src/excel-cells';

describe('translatableCells', () => {
  it('takes text cells only: formulas, numbers, booleans and blanks stay out', () => {
    const values = [
      ['Hello', 42, '=not a formula?'],
      ['', '   ', true],
      ['Total', 'shown by a formula', 0.5],
    ];
    const formulas = [
      ['Hello', 42, "'=not a formula?"],
      ['', '   ', true],
      ['Total', '=CONCAT("shown ","by a formula")', 0.5],
    ];
    expect(translatableCells(values, formulas)).toEqual([
      { row: 0, column: 0, text: 'Hello' },
      { row: 0, column: 2, text: '=not a formula?' },
      { row: 2, column: 0, text: 'Total' },
    ]);
  });
});

describe('cellTextToWrite', () => {
  it('marks text that Excel would read as a formula or a number, unless the cell is text-formatted', () => {
    expect(cellTextToWrite('=SUM(A1)', 'General')).toBe("'=SUM(A1)");
    expect(cellTextToWrite('12 apples', 'General')).toBe("'12 apples");
    expect(cellTextToWrite('-3', 'General')).toBe("'-3");
    expect(cellTextToWrite('=SUM(A1)', '@')).toBe('=SUM(A1)');
    expect(cellTextToWrite('apples', 'General')).toBe('apples');
  });
});
