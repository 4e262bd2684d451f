// The faults that live in the result itself, so every transport shows them alike: a success
// without `structuredContent`. (`invalid-output` needs nothing here: its response template
// breaks the schema as written, and --check makes sure it does.)
import type { Dynamics } from "../base/dynamics.js";
import type { ToolCallResult } from "../base/types.js";

export function withResultFault(result: ToolCallResult, dynamics: Dynamics | undefined): ToolCallResult {
  if (dynamics?.fault !== "no-structured-content" || result.isError) return result;
  const { structuredContent: _dropped, ...rest } = result;
  return rest as ToolCallResult;
}
