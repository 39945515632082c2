// Resolver's `ResolverStoryboardTests` check `StoryboardResolving`, which needs UIKit: a
// storyboard calls `resolveViewController()` on the view controllers it makes. There is no
// UIKit on Linux, and this module does not provide `StoryboardResolving`: a storyboard-made
// view controller uses the property wrappers, which resolve when the storyboard creates it.
// The test below pins that replacement.

import KeystoneResolver
import Testing

import class Keystone.Container

@Suite("Resolver: storyboard-made objects")
struct StoryboardTests {
    @Test("An object made by a framework resolves its properties when it is made")
    func madeByAFramework() {
        Container.withShared(Container()) {
            Resolver.register { XYZSessionService() }
            let made = StoryboardMadeScreen()  // as a storyboard would, with no arguments
            #expect(made.session.name == "XYZSessionService")
        }
    }
}

final class StoryboardMadeScreen {
    @Injected var session: XYZSessionService
}
