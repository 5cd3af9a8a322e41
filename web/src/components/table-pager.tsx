import { Group, Pagination } from '@mantine/core';

/** A table's page switcher, right-aligned, shown only when there is more than one page. */
export function TablePager({
  pages,
  page,
  onChange,
  testId,
}: {
  pages: number;
  page: number;
  onChange: (page: number) => void;
  testId: string;
}) {
  if (pages <= 1) return null;
  return (
    <Group justify="flex-end">
      <Pagination total={pages} value={page} onChange={onChange} size="sm" data-testid={testId} />
    </Group>
  );
}
