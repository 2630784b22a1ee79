// Request name → [arguments, response body], so `client.request("stackTrace", …)` is typed.
import type { DebugProtocol as P } from "@vscode/debugprotocol";

export interface DapRequestMap {
  initialize: [P.InitializeRequestArguments, P.Capabilities | undefined];
  launch: [P.LaunchRequestArguments & Record<string, unknown>, unknown];
  attach: [P.AttachRequestArguments & Record<string, unknown>, unknown];
  configurationDone: [P.ConfigurationDoneArguments | undefined, unknown];
  disconnect: [P.DisconnectArguments, unknown];
  terminate: [P.TerminateArguments, unknown];
  setBreakpoints: [P.SetBreakpointsArguments, P.SetBreakpointsResponse["body"]];
  setFunctionBreakpoints: [P.SetFunctionBreakpointsArguments, P.SetFunctionBreakpointsResponse["body"]];
  setExceptionBreakpoints: [P.SetExceptionBreakpointsArguments, P.SetExceptionBreakpointsResponse["body"]];
  threads: [undefined, P.ThreadsResponse["body"]];
  stackTrace: [P.StackTraceArguments, P.StackTraceResponse["body"]];
  scopes: [P.ScopesArguments, P.ScopesResponse["body"]];
  variables: [P.VariablesArguments, P.VariablesResponse["body"]];
  evaluate: [P.EvaluateArguments, P.EvaluateResponse["body"]];
  setVariable: [P.SetVariableArguments, P.SetVariableResponse["body"]];
  continue: [P.ContinueArguments, P.ContinueResponse["body"]];
  next: [P.NextArguments, unknown];
  stepIn: [P.StepInArguments, unknown];
  stepOut: [P.StepOutArguments, unknown];
  pause: [P.PauseArguments, unknown];
  exceptionInfo: [P.ExceptionInfoArguments, P.ExceptionInfoResponse["body"]];
  source: [P.SourceArguments, P.SourceResponse["body"]];
  setExpression: [P.SetExpressionArguments, P.SetExpressionResponse["body"]];
  setDataBreakpoints: [P.SetDataBreakpointsArguments, P.SetDataBreakpointsResponse["body"]];
  setInstructionBreakpoints: [P.SetInstructionBreakpointsArguments, P.SetInstructionBreakpointsResponse["body"]];
  dataBreakpointInfo: [P.DataBreakpointInfoArguments, P.DataBreakpointInfoResponse["body"]];
  readMemory: [P.ReadMemoryArguments, P.ReadMemoryResponse["body"]];
  disassemble: [P.DisassembleArguments, P.DisassembleResponse["body"]];
}

/** Event name → body, so listeners are typed (`onEvent(client, "stopped", (body) => …)`). */
export interface DapEventMap {
  initialized: undefined;
  stopped: P.StoppedEvent["body"];
  continued: P.ContinuedEvent["body"];
  exited: P.ExitedEvent["body"];
  terminated: P.TerminatedEvent["body"];
  thread: P.ThreadEvent["body"];
  output: P.OutputEvent["body"];
  breakpoint: P.BreakpointEvent["body"];
  module: P.ModuleEvent["body"];
  process: P.ProcessEvent["body"];
  capabilities: P.CapabilitiesEvent["body"];
}
