import Runner
