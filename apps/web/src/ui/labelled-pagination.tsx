import { Pagination } from '@mantine/core';

export type LabelledPaginationProps = { page: number; pages: number; onChange: (page: number) => void };

/** Mantine's pager with names for screen readers: 'Previous page', 'Next page', 'Page n'. */
export function LabelledPagination({ page, pages, onChange }: LabelledPaginationProps) {
  return (
    <Pagination
      value={page}
      onChange={onChange}
      total={pages}
      size="sm"
      mx="auto"
      getControlProps={(control) => ({
        'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : undefined,
      })}
      getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
    />
  );
}
