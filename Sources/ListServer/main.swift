// ListServer — main
import Foundation

exit(Launcher.run(Array(CommandLine.arguments.dropFirst())))
