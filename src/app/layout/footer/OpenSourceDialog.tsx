import { Anchor, Code, List, Modal, Stack, Text, Title } from '@mantine/core';
import type { CoreSource } from '@/features/converter';

const FFMPEG_URL = 'https://ffmpeg.org';
const REPOSITORY_PATH = 'wasm-assets/core/';
const LGPL_TEXT_URL = '/licenses/LGPL-2.1.txt';

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" underline="always">
      {children}
    </Anchor>
  );
}

/**
 * The open-source licences dialog: what the converter ships and under which licence. The engine core is
 * our own build of FFmpeg's libraries without GPL parts (configure reports "LGPL version 2.1 or later");
 * its version and source come from the core's manifest. If a GPL part is ever added, this text and the
 * repository's licence must follow.
 */
export default function OpenSourceDialog({
  opened,
  onClose,
  source: CORE_SOURCE,
}: {
  opened: boolean;
  onClose: () => void;
  source: CoreSource;
}) {
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
          The conversion runs on <strong>FFmpeg {CORE_SOURCE.ffmpegVersion}</strong>: its libraries (libavfilter,
          libavcodec, libavformat, libavutil), built to WebAssembly for this site with only what making a GIF needs, and
          driven by a small program of ours.
        </Text>
        <Title order={3} size="h5">
          Licence
        </Title>
        <Text size="sm">
          This build contains no GPL parts (FFmpeg&apos;s configure reports &ldquo;{CORE_SOURCE.license}&rdquo;), so the
          WebAssembly core is distributed under the{' '}
          <strong>GNU Lesser General Public License, version 2.1 or (at your option) any later version</strong>{' '}
          (LGPL-2.1-or-later), FFmpeg&apos;s own licence. It comes with no warranty. Read the{' '}
          <Anchor href={LGPL_TEXT_URL} target="_blank" underline="always">
            full licence text
          </Anchor>
          .
        </Text>
        <Title order={3} size="h5">
          Source code
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>
            FFmpeg {CORE_SOURCE.ffmpegVersion}: <Code>{CORE_SOURCE.sourceFile}</Code> from Debian&apos;s archive (
            <Code>pool/main/f/ffmpeg/</Code>), SHA-256 <Code>{CORE_SOURCE.sourceSha256}</Code>; the project itself:{' '}
            <ExternalLink href={FFMPEG_URL}>{FFMPEG_URL}</ExternalLink>
          </List.Item>
          <List.Item>
            Our changes to FFmpeg&apos;s source, most for speed and one for exact error diffusion in the palette
            mapping, each one a patch file that says what it changes: <Code>{CORE_SOURCE.patches.join(', ')}</Code>.
          </List.Item>
          <List.Item>
            The build script that produced the core, <Code>{CORE_SOURCE.buildScript}</Code>, our driver and the
            build&apos;s manifest are in this site&apos;s repository under <Code>{REPOSITORY_PATH}</Code>.
          </List.Item>
        </List>
        <Text size="sm">
          The JavaScript wrapper <Code>@ffmpeg/ffmpeg</Code> that hosts the core in a worker is MIT licensed, as are
          React, React Router, Mantine and most other libraries this site is built with; <Code>@hello-pangea/dnd</Code>{' '}
          (the frame list&apos;s drag and drop) is Apache-2.0 licensed and <Code>tslib</Code> 0BSD.
        </Text>
      </Stack>
    </Modal>
  );
}
