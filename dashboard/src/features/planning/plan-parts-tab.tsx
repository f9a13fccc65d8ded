import { useState } from 'react';
import { Button, Card, Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow, Text } from '@tremor/react';
import type { PlanDocument } from '@meridian/domain';
import { planCalls } from '../../api/planning';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PartForm } from './part-form';
import type { PartSpec } from './part-specs';

/** "an income", "a liability". */
function withArticle(noun: string): string {
  return `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
}

type Editing<P> = { mode: 'add' } | { mode: 'edit'; part: P };

/**
 * One part of the plan (incomes, accounts, milestones...) as a table with add, edit and remove.
 * Every change goes to the API and the page reads the plan again (`onChanged`).
 */
export function PlanPartsTab<P extends { id: string; name: string }>({
  plan,
  spec,
  canWrite,
  onChanged,
}: {
  plan: PlanDocument;
  spec: PartSpec<P>;
  canWrite: boolean;
  onChanged: () => void;
}) {
  const [editing, setEditing] = useState<Editing<P>>();
  const [removing, setRemoving] = useState<P>();
  const parts = spec.parts(plan);
  const capitalised = spec.singular.charAt(0).toUpperCase() + spec.singular.slice(1);

  return (
    <Card className="mt-6" data-testid={`plan-${spec.kind}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Text>
          {parts.length === 0
            ? spec.empty
            : `${parts.length} ${parts.length === 1 ? spec.singular : spec.title.toLowerCase()} in this plan. Changes here change the plan only, not the household's records.`}
        </Text>
        {canWrite && (
          <Button onClick={() => setEditing({ mode: 'add' })} data-testid={`add-${spec.kind}`}>
            Add {withArticle(spec.singular)}
          </Button>
        )}
      </div>
      {parts.length > 0 && (
        <Table className="mt-4">
          <TableHead>
            <TableRow>
              {spec.columns.map((column) => (
                <TableHeaderCell key={column.header} className={column.numeric ? 'text-right' : undefined}>
                  {column.header}
                </TableHeaderCell>
              ))}
              {canWrite && (
                <TableHeaderCell>
                  <span className="sr-only">Actions</span>
                </TableHeaderCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {parts.map((part) => (
              <TableRow key={part.id} data-testid={`${spec.kind}-row`}>
                {spec.columns.map((column) => (
                  <TableCell
                    key={column.header}
                    className={`whitespace-normal ${column.numeric ? 'text-right tabular-nums' : ''}`}
                  >
                    {column.cell(part, plan)}
                  </TableCell>
                ))}
                {canWrite && (
                  <TableCell className="whitespace-nowrap text-right">
                    <Button
                      size="xs"
                      variant="secondary"
                      onClick={() => setEditing({ mode: 'edit', part })}
                      aria-label={`Edit ${part.name}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="rose"
                      className="ml-3"
                      onClick={() => setRemoving(part)}
                      aria-label={`Remove ${part.name}`}
                    >
                      Remove
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editing && (
        <PartForm
          title={editing.mode === 'add' ? `Add ${withArticle(spec.singular)}` : `Edit ${editing.part.name}`}
          fields={spec.fields(plan)}
          initial={spec.toValues(editing.mode === 'edit' ? editing.part : undefined, plan)}
          submitLabel={editing.mode === 'add' ? `Add the ${spec.singular}` : 'Save'}
          testId={`${spec.kind}-form`}
          onClose={() => setEditing(undefined)}
          onSubmit={async (values) => {
            if (editing.mode === 'add') {
              await planCalls.add(plan.id, spec.kind, spec.toBody(values, plan, undefined));
            } else {
              await planCalls.edit(plan.id, spec.kind, editing.part.id, spec.toBody(values, plan, editing.part));
            }
            onChanged();
          }}
        />
      )}
      {removing && (
        <ConfirmDialog
          title={`Remove ${removing.name}?`}
          testId={`${spec.kind}-remove`}
          confirmLabel={`Remove the ${spec.singular}`}
          action={() => planCalls.remove(plan.id, spec.kind, removing.id)}
          onDone={() => {
            setRemoving(undefined);
            onChanged();
          }}
          onClose={() => setRemoving(undefined)}
        >
          {capitalised} “{removing.name}” leaves this plan and its projection. The household’s records stay as they are.
        </ConfirmDialog>
      )}
    </Card>
  );
}
