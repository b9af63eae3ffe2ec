import { Button, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { useTranslation } from '@cgm-portal/i18n';

export const PAGE_SIZES = [10, 20, 50] as const;

/** Table paging (spec §7: page and rows asked, total answered). */
export function Pager({ page, rows, total, onPage, onRows }: { page: number; rows: number; total: number; onPage: (p: number) => void; onRows: (r: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / rows));
  return (
    <HStack gap="3" flexWrap="wrap" justify="flex-end" data-testid="pager">
      <Text fontSize="sm" data-testid="pager-total">
        {t('common.totalItems', { count: total })}
      </Text>
      <NativeSelect.Root size="sm" w="auto">
        <NativeSelect.Field name="rows" aria-label={t('common.perPage', { size: rows })} value={rows} onChange={(e) => onRows(Number(e.target.value))}>
          {PAGE_SIZES.map((s) => (
            <option key={s} value={s}>
              {t('common.perPage', { size: s })}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </Button>
      <Text fontSize="sm" data-testid="pager-page">
        {t('common.pageOf', { page, total: pages })}
      </Text>
      <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('common.next')}
      </Button>
    </HStack>
  );
}
