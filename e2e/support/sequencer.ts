import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The e2e files share one sandbox and build on each other's data in a story (installed and empty first, then
 * renders, runs, settings, failures, then every page), so they run in the order of their file names.
 */
export class FileNameSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}
