import type { ComponentProps } from 'react';
import { DataTable, type DataTableProps } from './data-table.tsx';
import { QueryStatus } from './query-status.tsx';

type QueryTableProps<Row> = Omit<DataTableProps<Row>, 'rows'> & {
  /** What is being read, for the spinner and the error ('members', 'payments'). */
  what: string;
  query: ComponentProps<typeof QueryStatus>['query'] & { data: readonly Row[] | undefined };
};

/** A query's rows as a numbered table, with its loading, error and empty states. */
export function QueryTable<Row>({ what, query, ...table }: QueryTableProps<Row>) {
  return (
    <QueryStatus what={what} query={query}>
      <DataTable rows={query.data ?? []} {...table} />
    </QueryStatus>
  );
}
