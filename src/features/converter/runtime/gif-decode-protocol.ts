/** The messages between the page and its GIF decoder worker (the compare view's frames), written once. */
export interface GifDecodeRequest {
  kind: 'decode';
  id: number;
  /** Transferred: the page keeps the GIF as a Blob and gives a copy of its bytes away. */
  gif: ArrayBuffer;
}

export interface DecodedFrameMessage {
  /** Transferred back: the whole logical screen after the frame was drawn, RGBA. */
  rgba: ArrayBuffer;
  delayCs: number;
}

export type GifDecodeResponse =
  | { id: number; ok: true; width: number; height: number; frames: DecodedFrameMessage[] }
  | { id: number; ok: false; message: string };
