import type { Ffmpeg } from "../../lib/ffmpeg.js";

/**
 * What the server does to a video with ffmpeg (docs/decisions/034-media-formats.md): read its
 * streams and container metadata, copy it with every piece of metadata left out, take a poster
 * frame, and transcode it to H.264/AAC MP4 when not every browser plays it.
 */

export interface VideoStreams {
  /** The first video stream (not cover art): codec and pixel format as ffmpeg names them. */
  video: { codec: string; pixelFormat: string } | null;
  /** The first audio stream's codec, or null when there is none. */
  audio: { codec: string } | null;
  /** Global metadata of the container, keys in lower case. */
  tags: Map<string, string>;
}

/** The three containers a video may come in, as ffmpeg's muxers name them. */
const MUXER: Record<string, string> = { mp4: "mp4", mov: "mov", webm: "webm" };

/** Browsers all play H.264 (8-bit 4:2:0) with AAC or MP3 sound (or none) in MP4/QuickTime. */
const PLAYABLE_PIXEL_FORMATS = new Set(["yuv420p", "yuvj420p"]);
const PLAYABLE_AUDIO = new Set(["aac", "mp3"]);

/** ≤ 1080 on the short side and ≤ 1920 on the long side, even sizes, never enlarged (after rotation). */
const SCALE_1080 = "min(1\\,min(1080/min(iw\\,ih)\\,1920/max(iw\\,ih)))";
const SCALE_FILTER = `scale=w='trunc(iw*${SCALE_1080}/2)*2':h='trunc(ih*${SCALE_1080}/2)*2'`;

/** No metadata of any kind in an output: global, per stream, chapters, nor the muxer's name. */
const NO_METADATA = [
  "-map_metadata",
  "-1",
  "-map_metadata:s:v",
  "-1",
  "-map_metadata:s:a",
  "-1",
  "-map_chapters",
  "-1",
  "-fflags",
  "+bitexact",
];
/** The first real video stream and the first audio stream if any: data tracks (timed GPS) stay behind. */
const MAIN_STREAMS = ["-map", "0:V:0", "-map", "0:a:0?"];

const STREAM_LINE = /^\s*Stream #0:\d+(?:\[\w+\])?(?:\([^)]*\))?: (Video|Audio): ([a-z0-9_]+)([^\n]*)$/gm;

/** Parses ffmpeg's description of its input (stderr) and the `ffmetadata` document (stdout). */
export function parseStreams(stderr: string, ffmetadata: string): VideoStreams {
  let video: VideoStreams["video"] = null;
  let audio: VideoStreams["audio"] = null;
  for (const m of stderr.matchAll(STREAM_LINE)) {
    const [, kind, codec, rest] = m;
    if (kind === "Video" && !video && !/attached pic/.test(rest!)) {
      // "h264 (High) (avc1 / 0x31637661), yuv420p(tv, bt709), 1920x1080, …": the pixel format follows the first comma
      const pixelFormat = /^[^,]*,\s*([a-z0-9_]+)/.exec(rest!)?.[1] ?? "";
      video = { codec: codec!, pixelFormat };
    }
    if (kind === "Audio" && !audio) audio = { codec: codec! };
  }
  const tags = new Map<string, string>();
  // ffmpeg never writes creation_time into an output, ffmetadata included: it is read from the input's description
  const created = /^ {4}creation_time\s*: (\S+)$/m.exec(stderr.slice(0, stderr.search(/^\s*Stream #/m) >>> 0));
  if (created) tags.set("creation_time", created[1]!);
  for (const line of ffmetadata.split("\n")) {
    if (!line || line.startsWith(";") || line.startsWith("[")) continue;
    const eq = line.search(/(?<!\\)=/);
    if (eq <= 0) continue;
    const unescape = (s: string) => s.replace(/\\(.)/g, "$1");
    tags.set(unescape(line.slice(0, eq)).toLowerCase(), unescape(line.slice(eq + 1)));
  }
  return { video, audio, tags };
}

/** Whether every browser plays the video as it is (else it is transcoded once). */
export function playsEverywhere(format: string, streams: VideoStreams): boolean {
  const { video, audio } = streams;
  if (format === "webm" || !video) return false;
  return (
    video.codec === "h264" &&
    PLAYABLE_PIXEL_FORMATS.has(video.pixelFormat) &&
    (!audio || PLAYABLE_AUDIO.has(audio.codec))
  );
}

export class VideoTools {
  constructor(
    private readonly ffmpeg: Ffmpeg,
    private readonly transcodeTimeoutMs = 60 * 60_000,
  ) {}

  available(): Promise<boolean> {
    return this.ffmpeg.available();
  }

  /** The streams and the container's metadata (reads headers only). */
  async probe(file: string): Promise<VideoStreams> {
    const { stdout, stderr } = await this.ffmpeg.run(["-i", file, "-f", "ffmetadata", "-"], {
      timeoutMs: 60_000,
      maxStdoutBytes: 1024 * 1024,
    });
    return parseStreams(stderr, stdout.toString("utf8"));
  }

  /**
   * A copy of the video and sound with no metadata and no other tracks, in the same container
   * (the streams are copied, not re-encoded; rotation is kept, it belongs to the track;
   * MP4/QuickTime get their `moov` first so playback starts at once).
   */
  async cleanCopy(input: string, output: string, format: string): Promise<void> {
    const muxer = MUXER[format];
    if (!muxer) throw new Error(`no muxer for ${format}`);
    const faststart = muxer === "webm" ? [] : ["-movflags", "+faststart"];
    await this.ffmpeg.run(
      ["-i", input, ...MAIN_STREAMS, "-c", "copy", ...NO_METADATA, ...faststart, "-f", muxer, "-y", output],
      { timeoutMs: 10 * 60_000 },
    );
  }

  /** One frame (PNG, upright, full size) near `atSeconds`, or of the start when the video is shorter. */
  async posterFrame(input: string, atSeconds: number): Promise<Buffer> {
    const grab = (at: number) =>
      this.ffmpeg.run(
        ["-ss", String(at), "-i", input, "-map", "0:V:0", "-frames:v", "1", "-c:v", "png", "-f", "image2pipe", "-"],
        { timeoutMs: 120_000, maxStdoutBytes: 128 * 1024 * 1024 },
      );
    const { stdout } = await grab(atSeconds);
    // a seek past the last frame writes nothing: take the first frame instead
    return stdout.length ? stdout : (await grab(0)).stdout;
  }

  /** H.264 (≤ 1080p, 8-bit 4:2:0) and AAC in MP4 with `moov` first, upright, without metadata. */
  async transcode(input: string, output: string): Promise<void> {
    await this.ffmpeg.run(
      [
        "-i",
        input,
        ...MAIN_STREAMS,
        ...NO_METADATA,
        "-vf",
        SCALE_FILTER,
        "-c:v",
        "libx264",
        "-preset",
        "veryfast",
        "-crf",
        "23",
        "-pix_fmt",
        "yuv420p",
        "-c:a",
        "aac",
        "-b:a",
        "128k",
        "-movflags",
        "+faststart",
        "-f",
        "mp4",
        "-y",
        output,
      ],
      { timeoutMs: this.transcodeTimeoutMs },
    );
  }
}
