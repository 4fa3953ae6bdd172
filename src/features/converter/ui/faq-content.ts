/** The FAQ (10 questions). Answers describe this product as it is built: local ffmpeg.wasm, offline use. */
export const FAQ: readonly { question: string; answer: string }[] = [
  {
    question: 'Is this PNG to GIF converter really free?',
    answer:
      'Yes. There is no registration, no watermark and no limit on how many conversions you make. Open the page, add your PNG files and download the GIF.',
  },
  {
    question: 'Are my images uploaded to a server?',
    answer:
      'No. The conversion runs entirely in your browser with ffmpeg.wasm, a WebAssembly build of FFmpeg. Your PNG files never leave your device and nothing is stored.',
  },
  {
    question: 'How do I create an animated GIF from several PNGs?',
    answer:
      'Choose between 2 and 10 PNG files: the mode switches to Animated by itself. Each file becomes one frame, in the order of the file list; drag a row to move it. Set the frame delay and whether the animation loops, then press Convert.',
  },
  {
    question: 'Which quality setting should I use?',
    answer:
      'For the web, 70 to 80 percent quality is a good balance between file size and appearance. From 100 percent down, each step makes a smaller file: first by letting the compression round colours it cannot see, then, below 70 percent, by keeping fewer palette colours. 100 percent is lossless compression with all 256 colours a GIF can hold; pictures with 256 colours or fewer, such as logos and flat graphics, keep every colour exactly from 50 percent up.',
  },
  {
    question: 'What does the Dithering option change?',
    answer:
      'A GIF holds at most 256 colours, so smooth gradients need help. Automatic looks at the picture: it keeps pictures of 256 colours or fewer exact, without dithering; it leaves grainy, detailed pictures and screenshots undithered, since their own detail hides the steps; it spreads the error finely over photos with skies or soft gradients so they show no bands; and it uses a fine regular pattern for such animations, which does not shimmer from frame to frame. None gives the smallest files and suits flat graphics; Ordered hides banding with a regular pattern; Diffusion gives the smoothest gradients but the largest files.',
  },
  {
    question: 'How long is each frame shown, and can the animation play once?',
    answer:
      'The frame delay slider sets the time each frame stays on screen, from 50 ms to 2 seconds in steps of 50 ms. Turn Loop animation off for a GIF that plays once and stops on its last frame.',
  },
  {
    question: 'Can I change the size of the GIF?',
    answer:
      'Turn on Resize and pick a preset (Small 400x300, Medium 800x600, Large 1200x900, HD 1920x1080) or type a width from 100 to 3840 pixels and a height from 100 to 2160 pixels. With Maintain aspect ratio on, the other side follows the proportions of your first image. Without resizing, images larger than 1920 pixels are scaled down so their larger side is 1920 pixels.',
  },
  {
    question: 'What are the limits on files?',
    answer:
      'Only PNG files are accepted, up to 10 files at a time and 50 MB per file. Very large animations need a lot of memory in the browser, so on a phone keep the size and the number of frames modest.',
  },
  {
    question: 'Does the converter work offline?',
    answer:
      'Yes. After your first visit the page and its conversion engine are kept by your browser, so you can convert PNGs without an internet connection.',
  },
  {
    question: 'Why do transparent edges look rougher in the GIF?',
    answer:
      'A GIF pixel is either fully transparent or fully opaque; it has no partial transparency. Soft, semi-transparent edges of a PNG therefore become hard edges. The Transparency card offers two ways out: blend the edges onto the colour of the page the GIF will sit on, which gives the cleanest result, or dither them into a fine pattern of opaque and transparent pixels that keeps a fade or shadow on any background, for a larger file.',
  },
];
