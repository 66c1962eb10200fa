import CovgateCLI

Covgate.main()
