// Corpus reading and writing: see CaseFile.swift.
