/**
 * The source and translated text line by line; hovering a row outlines its boxes on both pictures.
 * A translation is editable: leaving the field (or Enter) with a changed text asks for a re-render.
 */
import { Table, Text, TextInput } from '@mantine/core';
import type { PictureLinePair } from '@mtp/proto';
import { useTranslation } from 'react-i18next';

type Props = {
  lines: readonly PictureLinePair[];
  hovered: number | null;
  onHover: (index: number | null) => void;
  onEdit: (index: number, text: string) => void;
  busy: boolean;
};

export function PictureLines({ lines, hovered, onHover, onEdit, busy }: Props) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table data-testid="picture-lines" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('pictureTranslate.source')}</Table.Th>
            <Table.Th>{t('pictureTranslate.target')}</Table.Th>
            <Table.Th w={90}>{t('pictureTranslate.confidence')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, i) => (
            <Table.Tr
              key={i}
              data-testid="picture-line"
              bg={hovered === i ? 'var(--mantine-color-blue-light)' : undefined}
              onMouseEnter={() => onHover(i)}
              onMouseLeave={() => onHover(null)}
            >
              <Table.Td>{line.source}</Table.Td>
              <Table.Td>
                <TextInput
                  key={line.translated}
                  defaultValue={line.translated}
                  disabled={busy}
                  aria-label={t('pictureTranslate.target')}
                  data-testid="picture-line-edit"
                  onBlur={(e) => e.currentTarget.value !== line.translated && onEdit(i, e.currentTarget.value)}
                  onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
                />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{Math.round(line.confidence)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
