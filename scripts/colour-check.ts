/**
 * Colour fidelity of one render against its product photo, from the command line (issue 16, point 4):
 *
 *   npm run colour-check -- <product photo> <render>
 *
 * Prints one line, `deltaE=<number> verdict=<good|check|drift>`, and exits 0. Exits 2, with the reason on
 * stderr, when an input cannot be read (missing file, not an image, a format the decoder does not read) or the
 * arguments are wrong; exits 3 when both images were read but the pair cannot be scored (no uniform backdrop,
 * no garment found), which the app shows as "not scored".
 */
import { readFile } from "node:fs/promises";
import { z } from "zod";
import { scoreColourFidelity } from "../app/colour";

const USAGE = "usage: npm run colour-check -- <product photo> <render>";

const EXIT_UNREADABLE = 2;
const EXIT_NOT_SCORED = 3;

const argumentsSchema = z.tuple(
  [z.string().min(1, "the product photo path is empty"), z.string().min(1, "the render path is empty")],
  {
    error: "expected exactly two paths",
  },
);

async function readInput(path: string, what: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    const code = error instanceof Error && "code" in error ? String(error.code) : "";
    const reason =
      code === "ENOENT"
        ? "no such file"
        : code === "EISDIR"
          ? "is a directory"
          : error instanceof Error
            ? error.message
            : String(error);
    throw new InputError(`cannot read the ${what} ${path}: ${reason}`);
  }
}

class InputError extends Error {}

async function main(argv: string[]): Promise<number> {
  const parsed = argumentsSchema.safeParse(argv);
  if (!parsed.success) {
    console.error(`colour-check: ${parsed.error.issues.map((issue) => issue.message).join("; ")}\n${USAGE}`);
    return EXIT_UNREADABLE;
  }
  const [photoPath, renderPath] = parsed.data;
  let photo: Buffer;
  let render: Buffer;
  try {
    photo = await readInput(photoPath, "product photo");
    render = await readInput(renderPath, "render");
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    console.error(`colour-check: ${error.message}`);
    return EXIT_UNREADABLE;
  }
  const result = await scoreColourFidelity(photo, render);
  if (result.status === "not-scored") {
    const path = result.image === "render" ? renderPath : photoPath;
    if (result.reason === "unreadable-image") {
      console.error(
        `colour-check: cannot decode ${path} (${result.image}): not an image, or a format that cannot be read. ${result.detail}`,
      );
      return EXIT_UNREADABLE;
    }
    console.error(`colour-check: not scored (${result.reason}): ${result.detail}`);
    return EXIT_NOT_SCORED;
  }
  console.log(`deltaE=${result.deltaE.toFixed(2)} verdict=${result.verdict}`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
