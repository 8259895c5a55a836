// BatchCheckCorpus reads and writes case files (the case format of Corpus/README.md,
// version 2) and runs their cases through the simulator.
//
// - Case.swift, Expectation.swift: the model of one case.
// - CaseFile.swift: reading a file into cases and data errors, writing cases.
// - Case+Decoding.swift, Case+Encoding.swift: one line <-> one case;
//   CaseDecoder+Shapes.swift, CaseDecoder+Rows.swift, CaseDecoder+Update.swift:
//   the parts of a line the decoder reads.
// - JSONParser.swift (+Tokens), JSONValue.swift: the position-tracking JSON reader.
// - Case+Run.swift: running a case and comparing with its expectation.
// - GeneratedCorpus.swift: the cases of a generated corpus (every small pair,
//   then the engine's random cases for a seed), as `batchcheck corpus
//   generate` writes them.
//
// A generator that is another program, spoken to in JSON lines over pipes
// (`ExternalGenerator`, `--exec`), is in BatchCheckExec.
