import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** The rule's messages for `code` as if it were the file at `file` (relative to the repository). */
async function problemsOf(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((message) => message.ruleId === 'meridian/module-faces').map((m) => m.message);
}

describe('module faces (lint)', () => {
  it('refuses a reach into another module and accepts its index', async () => {
    const file = 'api/src/modules/crm/households/reach.ts';
    expect(await problemsOf(file, "export { contactSelect } from '../contacts/contacts.repository.js';\n")).toEqual([
      "'../contacts/contacts.repository.js' reaches into the crm/contacts module: import what it offers from its index.ts",
    ]);
    expect(await problemsOf(file, "export { ContactsModule } from '../contacts/index.js';\n")).toEqual([]);
    expect(await problemsOf(file, "export { HouseholdsService } from './households.service.js';\n")).toEqual([]);
  });

  it('refuses a module import from common/ and infra/', async () => {
    const problems = await problemsOf(
      'api/src/common/http/reach.ts',
      "export { ContactsModule } from '../../modules/crm/contacts/index.js';\n",
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^common\/ must not import a module/);
  });

  it('treats each provider under hub/providers as a module of its own', async () => {
    const file = 'api/src/modules/hub/connections/reach.ts';
    expect(
      await problemsOf(file, "export { PlaidService } from '../providers/plaid/plaid.service.js';\n"),
    ).toHaveLength(1);
  });
});
