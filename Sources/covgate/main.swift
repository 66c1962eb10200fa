import CovgateCLI

Covgate.runFromCommandLine()
