import { Anchor, Code, List, Modal, Stack, Text, Title } from '@mantine/core';

const FFMPEG_WASM_URL = 'https://github.com/ffmpegwasm/ffmpeg.wasm';
const FFMPEG_URL = 'https://ffmpeg.org';

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" underline="always">
      {children}
    </Anchor>
  );
}

/**
 * The open-source licences dialog: what the converter ships and under which licence. Facts read from
 * @ffmpeg/core 0.12.10: its package licence is GPL-2.0-or-later, and the wasm reports FFmpeg 5.1.4
 * configured with --enable-gpl (libx264, libx265…).
 */
export default function OpenSourceDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Open-source licences"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        <Text size="sm">
          The conversion runs on <strong>FFmpeg</strong>, compiled to WebAssembly by the{' '}
          <ExternalLink href={FFMPEG_WASM_URL}>ffmpeg.wasm</ExternalLink> project. This site serves, unmodified, the
          files of the <Code>@ffmpeg/core</Code> 0.12.10 package (FFmpeg 5.1.4, single-thread build).
        </Text>
        <Title order={3} size="h5">
          Licence
        </Title>
        <Text size="sm">
          FFmpeg itself is licensed under the GNU Lesser General Public License (LGPL) version 2.1 or later. This build
          enables GPL components (it is configured with <Code>--enable-gpl</Code> and includes libx264 and libx265), so
          the WebAssembly core as a whole is distributed under the{' '}
          <strong>GNU General Public License, version 2 or (at your option) any later version</strong>{' '}
          (GPL-2.0-or-later). It comes with no warranty.
        </Text>
        <Title order={3} size="h5">
          Source code
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>
            ffmpeg.wasm, including the scripts that build this core:{' '}
            <ExternalLink href={FFMPEG_WASM_URL}>{FFMPEG_WASM_URL}</ExternalLink> (release v0.12.10)
          </List.Item>
          <List.Item>
            FFmpeg: <ExternalLink href={FFMPEG_URL}>{FFMPEG_URL}</ExternalLink> (release 5.1.4)
          </List.Item>
        </List>
        <Text size="sm">
          The JavaScript wrappers <Code>@ffmpeg/ffmpeg</Code> and <Code>@ffmpeg/util</Code> are MIT licensed, as are
          React, React Router, Mantine and the other libraries this site is built with.
        </Text>
      </Stack>
    </Modal>
  );
}
