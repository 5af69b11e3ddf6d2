import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isSecret } from '../../src/config/fields.ts';
import { CONFIG_FIELDS, loadConfig } from '../../src/config/index.ts';

/**
 * The variables the config reads (each area's fields), .env.example and the table in
 * docs/CONFIGURATION.md name the same variables. The only others the two documents may name are
 * the test tooling's (read by scripts/test.mjs, vitest.config.ts, e2e/), marked as such in both:
 * after "# --- Tests only ---" in .env.example, "tests only:" in the table.
 */

const read = (file: string) =>
  readFileSync(new URL(`../../../../${file}`, import.meta.url), 'utf8');

interface Listed {
  name: string;
  /** .env.example's value, or the table's default column. */
  value: string;
  testsOnly: boolean;
}

/** The `NAME=value` lines of .env.example. */
function exampleVariables(text: string): Listed[] {
  const listed: Listed[] = [];
  let testsOnly = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('# --- Tests only ---')) testsOnly = true;
    const [, name, value = ''] = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line) ?? [];
    if (name) listed.push({ name, value, testsOnly });
  }
  return listed;
}

/** The rows of the table headed `| variable | default | meaning |`, the name in backticks. */
function documentedVariables(text: string): Listed[] {
  const lines = text.split('\n');
  const header = lines.findIndex((line) => /^\|\s*variable\s*\|\s*default\s*\|/.test(line));
  const rows = lines.slice(header + 2);
  const end = rows.findIndex((line) => !line.startsWith('|'));
  return rows.slice(0, end === -1 ? undefined : end).map((line) => {
    const [name = '', value = '', meaning = ''] = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    return {
      name: /^`([A-Z][A-Z0-9_]*)`$/.exec(name)?.[1] ?? name,
      value,
      testsOnly: meaning.startsWith('tests only'),
    };
  });
}

const schema = Object.keys(CONFIG_FIELDS);
const example = exampleVariables(read('.env.example'));
const documented = documentedVariables(read('docs/CONFIGURATION.md'));

const names = (listed: Listed[]) => listed.map((item) => item.name);
const duplicates = (listed: Listed[]) =>
  names(listed).filter((name, index, all) => all.indexOf(name) !== index);

/** What a document lacks, what it has too many, and test tooling's variables the config reads. */
function disagreement(listed: Listed[]) {
  const shop = listed.filter((item) => !item.testsOnly);
  return {
    missing: schema.filter((name) => !names(shop).includes(name)),
    notRead: names(shop).filter((name) => !schema.includes(name)),
    testsOnlyButRead: names(listed.filter((item) => item.testsOnly && schema.includes(item.name))),
  };
}

const agreed = { missing: [], notRead: [], testsOnlyButRead: [] };

describe('the documented configuration', () => {
  it('finds the variables in each place', () => {
    expect(schema.length).toBeGreaterThan(80);
    expect(example.length).toBeGreaterThan(80);
    expect(documented.length).toBeGreaterThan(80);
  });

  it('.env.example sets each variable the config reads, once, and none it does not', () => {
    expect(duplicates(example)).toEqual([]);
    expect(disagreement(example)).toEqual(agreed);
  });

  it('docs/CONFIGURATION.md has one row for each variable the config reads, and none other', () => {
    expect(duplicates(documented)).toEqual([]);
    expect(documented.filter((row) => !/^[A-Z][A-Z0-9_]*$/.test(row.name))).toEqual([]);
    expect(disagreement(documented)).toEqual(agreed);
  });

  it('both name the same variables of the test tooling', () => {
    const testsOnly = (listed: Listed[]) => names(listed.filter((item) => item.testsOnly)).sort();
    expect(testsOnly(documented)).toEqual(testsOnly(example));
  });

  it('.env.example sets the defaults: copying it changes nothing', () => {
    const values = Object.fromEntries(example.map((item) => [item.name, item.value]));
    expect(loadConfig(values)).toEqual(loadConfig({}));
  });

  it("the table's default is the value .env.example sets", () => {
    const differing = example
      .filter((item) => item.value !== '')
      .map((item) => ({
        name: item.name,
        example: item.value,
        table: documented.find((row) => row.name === item.name)?.value,
      }))
      // The table writes a default in backticks, perhaps with words after it, or a bare number.
      .filter((item) => (/^`([^`]*)`/.exec(item.table ?? '')?.[1] ?? item.table) !== item.example);
    expect(differing).toEqual([]);
  });

  it('leaves every secret empty in .env.example', () => {
    const secrets = Object.entries(CONFIG_FIELDS)
      .filter(([, field]) => isSecret(field))
      .map(([name]) => name);
    expect(secrets).toContain('OIDC_CLIENT_SECRET');
    expect(example.filter((item) => secrets.includes(item.name) && item.value !== '')).toEqual([]);
  });
});
