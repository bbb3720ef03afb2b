// ListServer — ListServer
import Foundation

exit(Launcher.run(Array(CommandLine.arguments.dropFirst())))
