/**
 * One picture with its lines' boxes laid over it, in percent of the picture so they follow the
 * picture's displayed size (phones included). The hovered line is outlined on both pictures.
 */
import { Box, Image, Text } from '@mantine/core';
import type { PictureLinePair } from '@mtp/proto';

type Props = {
  title: string;
  src: string;
  width: number;
  height: number;
  lines: readonly PictureLinePair[];
  hovered: number | null;
  onHover: (index: number | null) => void;
  testId: string;
};

export function PictureView({ title, src, width, height, lines, hovered, onHover, testId }: Props) {
  return (
    <Box data-testid={testId}>
      <Text fw={500} size="sm" mb={4}>
        {title}
      </Text>
      <Box pos="relative" style={{ border: '1px solid var(--mantine-color-gray-3)', lineHeight: 0 }}>
        <Image src={src} alt={title} w="100%" fit="contain" />
        {lines.map((line, i) => (
          <Box
            key={i}
            data-testid={`${testId}-box`}
            data-hovered={hovered === i || undefined}
            onMouseEnter={() => onHover(i)}
            onMouseLeave={() => onHover(null)}
            pos="absolute"
            style={{
              left: `${(line.box.left / width) * 100}%`,
              top: `${(line.box.top / height) * 100}%`,
              width: `${(line.box.width / width) * 100}%`,
              height: `${(line.box.height / height) * 100}%`,
              outline: hovered === i ? '2px solid var(--mantine-color-blue-6)' : '1px dashed transparent',
              background: hovered === i ? 'rgba(34, 139, 230, 0.12)' : 'transparent',
            }}
          />
        ))}
      </Box>
    </Box>
  );
}
