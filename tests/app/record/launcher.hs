-- Runs another program (its arguments) and waits for it, as a test
-- driver or a launcher does, then works a little itself.
import Control.Monad
import System.Environment
import System.Exit
import System.Process

main :: IO ()
main = do
  (prog : args) <- getArgs
  code <- rawSystem prog args
  when (code /= ExitSuccess) $ exitWith code
  print (sum [x * x `mod` 7 | x <- [1 .. 2000000 :: Int]])
