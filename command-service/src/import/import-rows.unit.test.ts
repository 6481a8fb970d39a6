import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeProblem, validateImportFiles } from './import-rows.ts';

const example = (name: string) => ({
  name,
  text: readFileSync(new URL(`../../../docs/examples/import/${name}`, import.meta.url), 'utf8'),
});

describe('the import files, row by row', () => {
  it('reads the sample building: 40 apartments, 30 residents and their balances, amounts in poisha', () => {
    const { rows, problems } = validateImportFiles({
      apartments: example('apartments.csv'),
      residents: example('residents.csv'),
      balances: example('balances.csv'),
    });
    expect(problems).toEqual([]);
    expect([rows.apartments.length, rows.residents.length, rows.balances.length]).toEqual([40, 30, 11]);
    expect(rows.apartments[0]).toEqual({
      line: 2,
      row: {
        si: 1,
        apartment: '1A01',
        block: 'A',
        floor: 1,
        room: '2 bed, 2 bath',
        rent: 14_000,
        image: '/images/apartments/apartment-1a01.svg',
      },
    });
    expect(rows.residents[0]!.row).toEqual({
      email: 'ayesha.rahman@example.com',
      name: 'Ayesha Rahman',
      si: 2,
    });
    expect(rows.balances.map((b) => b.row.amount)).toContain(1_450_050);
    expect(rows.balances.find((b) => b.row.note === 'water, gas')?.row.kind).toBe('arrears');
  });

  it('reports every bad row of the three-bad-rows file with its line, column and reason', () => {
    const { rows, problems } = validateImportFiles({ balances: example('balances-3-bad-rows.csv') });
    expect(problems.map(describeProblem)).toEqual([
      'balances-3-bad-rows.csv:3 amount: expected an amount in taka with at most 2 decimals',
      'balances-3-bad-rows.csv:4 kind: Invalid option: expected one of "arrears"|"credit"',
      'balances-3-bad-rows.csv:6 as_of: no such date',
    ]);
    expect(rows.balances.map((b) => b.line)).toEqual([2, 5]);
  });

  it('reports each bad cell, a repeated key, a short row and a zero amount, in every file at once', () => {
    const { problems } = validateImportFiles({
      apartments: {
        name: 'a.csv',
        text: 'si,apartment,block,floor,room,rent\n1,1A01,A,1,r,14000\n1,1B01,B,one,r,0\n2,2A01,A,2,r\n',
      },
      residents: {
        name: 'r.csv',
        text: 'email,name,si\nnot-an-email,Mina,1\nmina@x.test,,1\nmina@y.test,Mina,2\nMINA@y.test,M,3\n',
      },
      balances: { name: 'b.csv', text: 'email,kind,amount,as_of\nmina@x.test,credit,0,2026-10-31\n' },
    });
    expect(problems.map(describeProblem)).toEqual([
      'a.csv:3 floor: expected a whole number',
      'a.csv:3 rent: Too small: expected number to be >=1',
      'a.csv:4: 5 cells where the header has 6',
      'r.csv:2 email: expected an email address',
      'r.csv:3 name: Too small: expected string to have >=1 characters',
      'r.csv:5 email: mina@y.test is also on line 4',
      'b.csv:2 amount: expected an amount above 0',
    ]);
  });

  it('refuses a file whose header lacks a column or names an unknown one, once for the file', () => {
    const { rows, problems } = validateImportFiles({
      residents: { name: 'r.csv', text: 'email,nme,si\nmina@x.test,Mina,1\n' },
    });
    expect(problems.map(describeProblem)).toEqual([
      'r.csv:1 name: missing column',
      'r.csv:1 nme: unknown column (the columns are email, name, si, deposit_months)',
    ]);
    expect(rows.residents).toEqual([]);
  });
});
