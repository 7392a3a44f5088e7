-- Reads its standard input and keeps every line it reads until the end
-- (`lines`, under main's binding `ls`, makes them). Prints how many lines it read; with no input it
-- says so and fails.
import System.Exit

keep :: [String] -> String -> [String]
keep acc l = length l `seq` (l : acc)

main :: IO ()
main = do
  s <- getContents
  let ls = foldl keep [] (lines s)
  if null ls then die "readlines: no input" else print (length ls, sum (map length ls))
